//! The one renderer: a [`Drawing`] as a standalone SVG 1.1 document.

use std::fmt::Write;

use super::{Anchor, Drawing, Item, Pt, Style};

/// Drawing units per CSS pixel in the `width` and `height` attributes.
const SCALE: f64 = 1.0;

/// The whole document, ready to write to a `.svg` file.
pub fn to_svg(d: &Drawing) -> String {
    let m = d.margin;
    let (x, y, w, h) = (d.view.0 - m, d.view.1 - m, d.view.2 + 2.0 * m, d.view.3 + 2.0 * m);
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\" \
         font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">",
        num(w * SCALE),
        num(h * SCALE),
        num(x),
        num(y),
        num(w),
        num(h)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&d.title));
    if let Some(bg) = d.background {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            num(x),
            num(y),
            num(w),
            num(h),
            bg.hex()
        );
    }
    for item in &d.items {
        write_item(&mut out, item, 0);
    }
    out.push_str("</svg>\n");
    out
}

fn write_item(out: &mut String, item: &Item, depth: usize) {
    let indent = " ".repeat(depth);
    match item {
        Item::Polygon { points, style } => {
            let pts: Vec<String> = points.iter().map(|p| format!("{},{}", num(p.x), num(p.y))).collect();
            let _ = writeln!(out, "{indent}<polygon points=\"{}\"{}/>", pts.join(" "), paint(style));
        }
        Item::Rect { at, w, h, round, style } => {
            let r = if *round > 0.0 { format!(" rx=\"{}\"", num(*round)) } else { String::new() };
            let _ = writeln!(
                out,
                "{indent}<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{r}{}/>",
                num(at.x),
                num(at.y),
                num(w.max(0.0)),
                num(h.max(0.0)),
                paint(style)
            );
        }
        Item::Line { from, to, style } => {
            let _ = writeln!(
                out,
                "{indent}<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke-linecap=\"round\"{}/>",
                num(from.x),
                num(from.y),
                num(to.x),
                num(to.y),
                paint(style)
            );
        }
        Item::Path { points, round, style } => {
            if points.is_empty() {
                return;
            }
            let _ = writeln!(
                out,
                "{indent}<path d=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{}/>",
                path_data(points, *round),
                paint(style)
            );
        }
        Item::Circle { centre, r, style } => {
            let _ = writeln!(
                out,
                "{indent}<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}/>",
                num(centre.x),
                num(centre.y),
                num(r.max(0.0)),
                paint(style)
            );
        }
        Item::Text { at, text, size, colour, anchor, bold } => {
            let anchor = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            // Baseline a third of the size below the point: the label is centred on it.
            let _ = writeln!(
                out,
                "{indent}<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" fill=\"{}\"{}>{}</text>",
                num(at.x),
                num(at.y + size * 0.35),
                num(*size),
                colour.hex(),
                if *bold { " font-weight=\"bold\"" } else { "" },
                escape(text)
            );
        }
        Item::Group { offset, items } => {
            let _ = writeln!(out, "{indent}<g transform=\"translate({} {})\">", num(offset.x), num(offset.y));
            for it in items {
                write_item(out, it, depth + 1);
            }
            let _ = writeln!(out, "{indent}</g>");
        }
        Item::Clip { rects, items } => {
            let mut shape = String::new();
            for (at, w, h) in rects {
                let (x, y, w, h) = (num(at.x), num(at.y), num(*w), num(*h));
                let _ = writeln!(shape, "{indent} <rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\"/>");
            }
            // Named after its shape: SVGs put inline in one page share one id space, and
            // two clips that share a name then share a shape too.
            let id = format!("clip-{:016x}", fnv1a(shape.as_bytes()));
            let _ = write!(out, "{indent}<clipPath id=\"{id}\">\n{shape}{indent}</clipPath>\n");
            let _ = writeln!(out, "{indent}<g clip-path=\"url(#{id})\">");
            for it in items {
                write_item(out, it, depth + 1);
            }
            let _ = writeln!(out, "{indent}</g>");
        }
    }
}

/// FNV-1a, 64 bits: a stable name for a shape.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// `M … L … Q …`: straight runs, and each corner cut by a quadratic curve starting `round`
/// units before it (at most half of either side).
fn path_data(points: &[Pt], round: f64) -> String {
    let mut d = format!("M{} {}", num(points[0].x), num(points[0].y));
    for k in 1..points.len() {
        let p = points[k];
        if k + 1 < points.len() && round > 0.0 {
            let (prev, next) = (points[k - 1], points[k + 1]);
            let r_in = round.min(prev.dist(p) / 2.0);
            let r_out = round.min(next.dist(p) / 2.0);
            let a = if prev.dist(p) > 0.0 { p.lerp(prev, r_in / prev.dist(p)) } else { p };
            let b = if next.dist(p) > 0.0 { p.lerp(next, r_out / next.dist(p)) } else { p };
            let _ = write!(d, " L{} {} Q{} {} {} {}", num(a.x), num(a.y), num(p.x), num(p.y), num(b.x), num(b.y));
        } else {
            let _ = write!(d, " L{} {}", num(p.x), num(p.y));
        }
    }
    d
}

fn paint(s: &Style) -> String {
    let mut out = String::new();
    let _ = write!(out, " fill=\"{}\"", s.fill.map_or("none".to_string(), |c| c.hex()));
    if let Some(c) = s.stroke {
        let _ = write!(out, " stroke=\"{}\" stroke-width=\"{}\"", c.hex(), num(s.width));
    }
    if let Some((on, off)) = s.dash {
        let _ = write!(out, " stroke-dasharray=\"{} {}\"", num(on), num(off));
    }
    if s.opacity < 1.0 {
        let _ = write!(out, " opacity=\"{}\"", num(s.opacity.max(0.0)));
    }
    out
}

/// A number with at most two decimals and no trailing zeros (never `NaN`: a non-finite
/// value, which no genre should produce, is written as 0).
fn num(x: f64) -> String {
    if !x.is_finite() {
        return "0".into();
    }
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// Text content and attribute values with the five XML specials escaped and control
/// characters (not allowed in XML 1.0) dropped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{palette, pt, Drawing, Style};

    #[test]
    fn a_drawing_is_well_formed_xml() {
        let mut d = Drawing::new("a <title> & \"quotes\"", 10.0, 10.0);
        d.rect(pt(0.0, 0.0), 5.0, 5.0, 1.0, Style::fill(palette::SHADE));
        d.path(vec![pt(1.0, 1.0), pt(5.0, 1.0), pt(5.0, 5.0)], 1.0, Style::stroke(palette::INK, 0.5));
        d.text(pt(2.0, 2.0), "x<y & \u{1}z", 1.0, palette::INK);
        let mut inner = Drawing::new("inner", 2.0, 2.0);
        inner.circle(pt(1.0, 1.0), 1.0, Style::both(palette::WHITE, palette::INK, 0.1).dashed(0.2, 0.1));
        d.place(inner, pt(3.0, 3.0));
        d.caption(&["bank: 1 2 3".into()], 1.0);
        let svg = to_svg(&d);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert!(svg.contains("Q5 1 5 2"), "{svg}");
        assert!(svg.contains("x&lt;y &amp; z"));
    }

    #[test]
    fn numbers_are_short_and_finite() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.346), "2.35");
        assert_eq!(num(f64::NAN), "0");
    }
}
