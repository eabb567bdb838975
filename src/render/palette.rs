//! Colours: the Okabe–Ito palette for categories (it stays distinguishable under the
//! common colour-vision deficiencies), a perceptually even ramp for orders (viridis
//! stops), and the inks of the grid.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour(pub u8, pub u8, pub u8);

impl Colour {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Mixed with `other`: `t = 0` is `self`, `t = 1` is `other`.
    pub fn mix(self, other: Colour, t: f64) -> Colour {
        let t = t.clamp(0.0, 1.0);
        let m = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
        Colour(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// Lighter by `t` (towards white).
    pub fn tint(self, t: f64) -> Colour {
        self.mix(WHITE, t)
    }

    /// Darker by `t` (towards black).
    pub fn shade(self, t: f64) -> Colour {
        self.mix(Colour(0, 0, 0), t)
    }

    /// Black or white, whichever reads better on this colour.
    pub fn ink_on(self) -> Colour {
        let luma = 0.299 * self.0 as f64 + 0.587 * self.1 as f64 + 0.114 * self.2 as f64;
        if luma > 140.0 {
            INK
        } else {
            WHITE
        }
    }
}

pub const WHITE: Colour = Colour(255, 255, 255);
/// Text and the thick lines of the grid.
pub const INK: Colour = Colour(0x22, 0x22, 0x22);
/// Thin grid lines.
pub const GRID: Colour = Colour(0x99, 0x99, 0x99);
/// Shading (even cells, unknowns).
pub const SHADE: Colour = Colour(0xd6, 0xd6, 0xd6);

/// Marks that must stand out from any category colour (undecided cells): Okabe–Ito's
/// vermillion.
pub const VERMILLION: Colour = Colour(0xd5, 0x5e, 0x00);

/// Okabe & Ito (2008), without black: orange, sky blue, bluish green, yellow, blue,
/// vermillion, reddish purple.
pub const OKABE_ITO: [Colour; 7] = [
    Colour(0xe6, 0x9f, 0x00),
    Colour(0x56, 0xb4, 0xe9),
    Colour(0x00, 0x9e, 0x73),
    Colour(0xf0, 0xe4, 0x42),
    Colour(0x00, 0x72, 0xb2),
    Colour(0xd5, 0x5e, 0x00),
    Colour(0xcc, 0x79, 0xa7),
];

/// The colour of category `k` (cycling, with darker shades on later rounds so that more
/// than seven categories stay apart).
pub fn category(k: usize) -> Colour {
    let base = OKABE_ITO[k % OKABE_ITO.len()];
    base.shade(0.3 * ((k / OKABE_ITO.len()) % 3) as f64)
}

/// Viridis at nine stops, from dark purple to yellow.
const RAMP: [Colour; 9] = [
    Colour(0x44, 0x01, 0x54),
    Colour(0x47, 0x2d, 0x7b),
    Colour(0x3b, 0x52, 0x8b),
    Colour(0x2c, 0x72, 0x8e),
    Colour(0x21, 0x91, 0x8c),
    Colour(0x28, 0xae, 0x80),
    Colour(0x5e, 0xc9, 0x62),
    Colour(0xad, 0xdc, 0x30),
    Colour(0xfd, 0xe7, 0x25),
];

/// A colour for position `t` in 0..=1 of an order (the chain of a snake cube).
pub fn ramp(t: f64) -> Colour {
    let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.0 };
    let x = t * (RAMP.len() - 1) as f64;
    let k = (x.floor() as usize).min(RAMP.len() - 2);
    RAMP[k].mix(RAMP[k + 1], x - k as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_mix_and_cycle() {
        assert_eq!(Colour(0, 0, 0).mix(WHITE, 0.5), Colour(128, 128, 128));
        assert_eq!(category(0), OKABE_ITO[0]);
        assert_ne!(category(7), category(0));
        assert_eq!(ramp(0.0), RAMP[0]);
        assert_eq!(ramp(1.0), RAMP[8]);
        assert_eq!(ramp(f64::NAN), RAMP[0]);
        assert_eq!(WHITE.hex(), "#ffffff");
        assert_eq!(WHITE.ink_on(), INK);
    }
}
