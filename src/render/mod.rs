//! Pictures of puzzles and answers, kept apart from solving.
//!
//! A genre describes what to draw as a neutral [`Drawing`]: polygons, lines, paths,
//! circles and labels in its own coordinates, with a view box. One renderer
//! ([`svg::to_svg`]) turns any drawing into a standalone SVG document. This module knows
//! nothing of puzzles: genres depend on it, never the other way round.
//!
//! - `mod.rs`: the neutral types and small builders;
//! - `palette.rs`: colours (Okabe–Ito for categories, a ramp for orders);
//! - `shapes.rs`: compound shapes every genre reaches for (square grids, arrows along a
//!   path, cell blobs, isometric cubes);
//! - `svg.rs`: the one renderer.

pub mod palette;
pub mod shapes;
pub mod svg;

pub use palette::Colour;
pub use svg::to_svg;

/// A point in drawing units (y grows downwards, as in SVG).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

pub const fn pt(x: f64, y: f64) -> Pt {
    Pt { x, y }
}

impl Pt {
    pub fn lerp(self, other: Pt, t: f64) -> Pt {
        pt(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t)
    }

    pub fn dist(self, other: Pt) -> f64 {
        (other.x - self.x).hypot(other.y - self.y)
    }
}

/// How a shape is painted. `None` leaves the fill or the outline out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub fill: Option<Colour>,
    pub stroke: Option<Colour>,
    pub width: f64,
    /// Dash and gap lengths for a dashed outline.
    pub dash: Option<(f64, f64)>,
    pub opacity: f64,
}

impl Style {
    pub fn fill(c: Colour) -> Self {
        Style { fill: Some(c), stroke: None, width: 0.0, dash: None, opacity: 1.0 }
    }

    pub fn stroke(c: Colour, width: f64) -> Self {
        Style { fill: None, stroke: Some(c), width, dash: None, opacity: 1.0 }
    }

    pub fn both(fill: Colour, stroke: Colour, width: f64) -> Self {
        Style { fill: Some(fill), stroke: Some(stroke), width, dash: None, opacity: 1.0 }
    }

    pub fn dashed(self, on: f64, off: f64) -> Self {
        Style { dash: Some((on, off)), ..self }
    }

    pub fn opacity(self, opacity: f64) -> Self {
        Style { opacity, ..self }
    }
}

/// Where a label sits relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// One thing to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A closed polygon (a cell, a cube face).
    Polygon {
        points: Vec<Pt>,
        style: Style,
    },
    /// An axis-aligned rectangle with rounded corners of radius `round`.
    Rect {
        at: Pt,
        w: f64,
        h: f64,
        round: f64,
        style: Style,
    },
    Line {
        from: Pt,
        to: Pt,
        style: Style,
    },
    /// An open path through `points`; corners are rounded with radius `round` (0 for
    /// straight corners), ends and joins are round.
    Path {
        points: Vec<Pt>,
        round: f64,
        style: Style,
    },
    Circle {
        centre: Pt,
        r: f64,
        style: Style,
    },
    /// A label centred vertically on `at`.
    Text {
        at: Pt,
        text: String,
        size: f64,
        colour: Colour,
        anchor: Anchor,
        bold: bool,
    },
    /// Items shifted by `offset`.
    Group {
        offset: Pt,
        items: Vec<Item>,
    },
    /// Items shown only inside the rectangles (left, top, width, height): one picture
    /// laid over another in places, such as a blank board over the undecided cells of an
    /// answer.
    Clip {
        rects: Vec<(Pt, f64, f64)>,
        items: Vec<Item>,
    },
}

/// A whole picture: what to draw, in drawing units, and the part of the plane to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    pub title: String,
    /// Left, top, width, height of the visible area.
    pub view: (f64, f64, f64, f64),
    pub background: Option<Colour>,
    /// Blank space the renderer adds around the view on every side.
    pub margin: f64,
    pub items: Vec<Item>,
}

impl Drawing {
    /// An empty drawing showing `w` × `h` units from the origin, on white.
    pub fn new(title: impl Into<String>, w: f64, h: f64) -> Self {
        Drawing {
            title: title.into(),
            view: (0.0, 0.0, w, h),
            background: Some(palette::WHITE),
            margin: 0.0,
            items: Vec::new(),
        }
    }

    /// An empty drawing of a `g.rows` × `g.cols` board of `cell`-sized cells, titled with
    /// the genre's name and the board's size ("Snake Pit 5×5").
    pub fn board(genre: &str, g: crate::grid::Grid, cell: f64) -> Self {
        Drawing::new(format!("{genre} {}×{}", g.rows, g.cols), g.cols as f64 * cell, g.rows as f64 * cell)
    }

    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    pub fn extend(&mut self, items: impl IntoIterator<Item = Item>) {
        self.items.extend(items);
    }

    pub fn rect(&mut self, at: Pt, w: f64, h: f64, round: f64, style: Style) {
        self.push(Item::Rect { at, w, h, round, style });
    }

    pub fn line(&mut self, from: Pt, to: Pt, style: Style) {
        self.push(Item::Line { from, to, style });
    }

    pub fn path(&mut self, points: Vec<Pt>, round: f64, style: Style) {
        self.push(Item::Path { points, round, style });
    }

    pub fn polygon(&mut self, points: Vec<Pt>, style: Style) {
        self.push(Item::Polygon { points, style });
    }

    pub fn circle(&mut self, centre: Pt, r: f64, style: Style) {
        self.push(Item::Circle { centre, r, style });
    }

    /// A centred label.
    pub fn text(&mut self, at: Pt, text: impl Into<String>, size: f64, colour: Colour) {
        self.push(Item::Text { at, text: text.into(), size, colour, anchor: Anchor::Middle, bold: false });
    }

    /// A centred bold label (givens, as setters print them).
    pub fn bold(&mut self, at: Pt, text: impl Into<String>, size: f64, colour: Colour) {
        self.push(Item::Text { at, text: text.into(), size, colour, anchor: Anchor::Middle, bold: true });
    }

    /// A label starting at `at`.
    pub fn text_left(&mut self, at: Pt, text: impl Into<String>, size: f64, colour: Colour) {
        self.push(Item::Text { at, text: text.into(), size, colour, anchor: Anchor::Start, bold: false });
    }

    /// Places `other`'s items with its view's top-left corner at `at`.
    pub fn place(&mut self, other: Drawing, at: Pt) {
        let offset = pt(at.x - other.view.0, at.y - other.view.1);
        self.push(Item::Group { offset, items: other.items });
    }

    /// Lays `other` over this drawing inside `rects` only, on its own background (its view
    /// is taken to be this one's: both are drawings of one board).
    pub fn overlay(&mut self, other: Drawing, rects: Vec<(Pt, f64, f64)>) {
        if rects.is_empty() {
            return;
        }
        let mut items = Vec::with_capacity(other.items.len() + rects.len());
        if let Some(bg) = other.background {
            items.extend(rects.iter().map(|&(at, w, h)| Item::Rect { at, w, h, round: 0.0, style: Style::fill(bg) }));
        }
        items.extend(other.items);
        self.push(Item::Clip { rects, items });
    }

    /// Adds lines of text under the picture, growing the view to fit them.
    pub fn caption(&mut self, lines: &[String], size: f64) {
        let (x, y, w, h) = self.view;
        for (k, line) in lines.iter().enumerate() {
            self.text_left(pt(x, y + h + size * (0.9 + 1.3 * k as f64)), line.clone(), size, palette::INK);
        }
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64;
        self.view = (x, y, w.max(longest * size * 0.55), h + size * (0.4 + 1.3 * lines.len() as f64));
    }
}
