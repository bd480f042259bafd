/// A rotation by quarter turns followed by an optional left↔right mirror: the eight ways to turn and
/// flip a picture (the dihedral group of the square). Any run of rotations and flips is one of these.
struct QuarterTurn: Hashable {
    /// Clockwise quarter turns, 0…3, applied first.
    var turns = 0
    /// Mirror left↔right after turning.
    var mirrored = false

    /// This transform followed by `edit` (a rotation or flip; other edits leave it as it is).
    func then(_ edit: ImageEdit) -> QuarterTurn {
        switch edit {
        case let .rotate(degrees):
            // A turn after a mirror is the opposite turn before it.
            let k = ImageEdit.quarterTurns(degrees) ?? 0
            return QuarterTurn(turns: (turns + (mirrored ? 4 - k : k)) % 4, mirrored: mirrored)
        case .flip(horizontal: true):
            return QuarterTurn(turns: turns, mirrored: !mirrored)
        case .flip(horizontal: false):
            // Top↔bottom is left↔right followed by a half turn.
            return QuarterTurn(turns: turns, mirrored: !mirrored).then(.rotate(degrees: 180))
        case .crop, .resize:
            return self
        }
    }

    /// The edits that perform it: at most one rotation and one flip.
    var edits: [ImageEdit] {
        (turns == 0 ? [] : [.rotate(degrees: turns * 90)]) + (mirrored ? [.flip(horizontal: true)] : [])
    }

    /// The transform that undoes this one (a mirror is its own inverse, and so is any turn and mirror).
    var inverse: QuarterTurn { mirrored ? self : QuarterTurn(turns: (4 - turns) % 4, mirrored: false) }

    /// What makes a picture stored with EXIF orientation 1–8 upright (as libvips' autorot does it: a
    /// clockwise turn, then a mirror for 2, 4, 5 and 7).
    init(orientation: Int) {
        switch orientation {
        case 2: self.init(turns: 0, mirrored: true)
        case 3: self.init(turns: 2, mirrored: false)
        case 4: self.init(turns: 2, mirrored: true)
        case 5: self.init(turns: 1, mirrored: true)
        case 6: self.init(turns: 1, mirrored: false)
        case 7: self.init(turns: 3, mirrored: true)
        case 8: self.init(turns: 3, mirrored: false)
        default: self.init()
        }
    }

    init(turns: Int = 0, mirrored: Bool = false) {
        self.turns = turns
        self.mirrored = mirrored
    }

    /// The size of a `width` × `height` picture after it.
    func size(width: Int, height: Int) -> (width: Int, height: Int) {
        turns % 2 == 1 ? (height, width) : (width, height)
    }

    /// Where the rectangle (x, y, w, h) of a `width` × `height` picture lands after this transform.
    func map(_ rect: (x: Int, y: Int, w: Int, h: Int), width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        var rect = rect
        var frame = (width: width, height: height)
        for _ in 0..<turns {
            // One clockwise quarter turn: the point (x, y) goes to (H − 1 − y, x).
            rect = (frame.height - rect.y - rect.h, rect.x, rect.h, rect.w)
            frame = (frame.height, frame.width)
        }
        if mirrored { rect.x = frame.width - rect.x - rect.w }
        return rect
    }
}

extension Imaging {
    /// The most steps `edit` runs after `canonical` has merged what it can: each step is one short
    /// chain of libvips operations, so this bounds the depth of the pipeline however long a list is sent.
    public static let maximumEditSteps = 32

    /// The shortest list of edits with exactly the same result as `edits` on an upright `width` × `height`
    /// picture. Between two resizes, all rotations and flips become at most one rotation and one flip,
    /// placed first (a crop moves behind them, in the turned picture's coordinates), and consecutive
    /// crops become one; crops of the whole picture, resizes to the current size and turns by 0° are
    /// dropped. Nothing moves across a resize and resizes are never merged, since resampling does not
    /// commute exactly with turning or with another resize. 5,000 flips become `[]`;
    /// `[rotate 90, crop, flip, crop]` becomes `[rotate 90, flip, crop]`.
    ///
    /// - Throws: `.invalidArgument` naming the first step that does not fit (as `plan` does).
    public static func canonical(_ edits: [ImageEdit], width: Int, height: Int, limits: ImageLimits = ImageLimits()) throws(ImagingError) -> [ImageEdit] {
        _ = try plan(edits, width: width, height: height, limits: limits)
        /// Edits up to and including one resize: a turn, then a crop of the turned picture (`frame` is
        /// the turned picture's size), then the resize.
        struct Segment {
            var turn = QuarterTurn()
            var crop: (rect: (x: Int, y: Int, w: Int, h: Int), frame: (width: Int, height: Int))?
            var resize: (width: Int, height: Int)?

            var edits: [ImageEdit] {
                turn.edits + (crop.map { [.crop(x: $0.rect.x, y: $0.rect.y, width: $0.rect.w, height: $0.rect.h)] } ?? [])
                    + (resize.map { [.resize(width: $0.width, height: $0.height)] } ?? [])
            }
        }
        var segments = [Segment()]
        var size = (width: width, height: height)
        for edit in edits {
            if segments[segments.count - 1].resize != nil { segments.append(Segment()) }
            var segment = segments.removeLast()
            switch edit {
            case .rotate, .flip:
                let single = QuarterTurn().then(edit)
                if let crop = segment.crop {
                    // Turning a cropped picture = cropping the turned picture where the rectangle lands.
                    segment.crop = (single.map(crop.rect, width: crop.frame.width, height: crop.frame.height),
                                    single.size(width: crop.frame.width, height: crop.frame.height))
                }
                segment.turn = segment.turn.then(edit)
                size = single.size(width: size.width, height: size.height)
            case let .crop(x, y, w, h):
                if w == size.width, h == size.height { break }
                if let crop = segment.crop {
                    segment.crop = ((crop.rect.x + x, crop.rect.y + y, w, h), crop.frame)
                } else {
                    segment.crop = ((x, y, w, h), size)
                }
                size = (w, h)
            case let .resize(w, h):
                if w == size.width, h == size.height { break }
                segment.resize = (w, h)
                size = (w, h)
            }
            segments.append(segment)
        }
        return segments.flatMap(\.edits)
    }
}
