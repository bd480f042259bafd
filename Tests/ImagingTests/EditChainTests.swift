import AppSuiteTesting
import CVips
import Foundation
import Testing
@testable import Imaging

/// `Imaging.canonical` and the bound it puts on `Imaging.edit`: merged lists give exactly the pictures
/// the literal lists give, and no list builds a deep libvips pipeline (5,000 flips once crashed the server).
@Suite struct EditChainTests {
    /// A deterministic generator (SplitMix64), so a failing list can be replayed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    /// chelsea.png (a real photo) made small and lossless, so every step below is cheap and exact.
    func smallPicture() throws -> [UInt8] {
        try Imaging.edit(try Corpus.bytes("ordinary/chelsea.png"), [.resize(width: 45, height: 30)], format: .png).bytes
    }

    /// Applies the edits one request at a time (each a separate decode and lossless encode).
    func literally(_ start: [UInt8], _ edits: [ImageEdit]) throws -> DecodedPixels {
        var bytes = start
        for edit in edits { bytes = try Imaging.edit(bytes, [edit], format: .png).bytes }
        return try Imaging.decodePixels(bytes)
    }

    /// A random list of turns, flips, crops (inside the current size) and, when `resizes`, resizes.
    func randomEdits(_ count: Int, width: Int, height: Int, resizes: Bool, using random: inout Seeded) -> [ImageEdit] {
        var size = (width: width, height: height)
        var edits: [ImageEdit] = []
        for _ in 0..<count {
            let edit: ImageEdit
            switch Int.random(in: 0..<(resizes ? 5 : 4), using: &random) {
            case 0: edit = .rotate(degrees: [90, 180, 270, -90, 0, 360].randomElement(using: &random)!)
            case 1: edit = .flip(horizontal: true)
            case 2: edit = .flip(horizontal: false)
            case 3:
                let w = Int.random(in: max(1, size.width / 2)...size.width, using: &random)
                let h = Int.random(in: max(1, size.height / 2)...size.height, using: &random)
                edit = .crop(x: Int.random(in: 0...(size.width - w), using: &random),
                             y: Int.random(in: 0...(size.height - h), using: &random), width: w, height: h)
            default:
                edit = .resize(width: Int.random(in: 20...60, using: &random), height: Int.random(in: 20...60, using: &random))
            }
            size = try! edit.outputSize(width: size.width, height: size.height).get()
            edits.append(edit)
        }
        return edits
    }

    @Test("turns, flips and crops merged give the same pixels as applied one by one", .requires(.photos))
    func mergedListsAreExact() throws {
        let start = try smallPicture()
        var random = Seeded(state: 8)
        for round in 0..<40 {
            let edits = randomEdits(Int.random(in: 1...8, using: &random), width: 45, height: 30, resizes: false, using: &random)
            let merged = try Imaging.canonical(edits, width: 45, height: 30)
            #expect(merged.count <= 3, "round \(round): \(edits) → \(merged)")
            let once = try Imaging.decodePixels(try Imaging.edit(start, edits, format: .png).bytes)
            let expected = try literally(start, edits)
            #expect(once.width == expected.width && once.height == expected.height, "round \(round): \(edits)")
            #expect(once.bytes == expected.bytes, "round \(round): \(edits) → \(merged)")
        }
    }

    @Test("with resizes: every resize kept, nothing moved across one, the same pixels", .requires(.photos))
    func mergedListsWithResizes() throws {
        let start = try smallPicture()
        var random = Seeded(state: 21)
        for round in 0..<20 {
            let edits = randomEdits(Int.random(in: 2...8, using: &random), width: 45, height: 30, resizes: true, using: &random)
            let merged = try Imaging.canonical(edits, width: 45, height: 30)
            let resizes = { (list: [ImageEdit]) in list.filter { if case .resize = $0 { true } else { false } }.count }
            #expect(resizes(merged) <= resizes(edits))
            #expect(merged.count <= 4 * (resizes(merged) + 1), "round \(round): \(edits) → \(merged)")
            let once = try Imaging.decodePixels(try Imaging.edit(start, edits, format: .png).bytes)
            let expected = try literally(start, edits)
            #expect(once.width == expected.width && once.height == expected.height, "round \(round): \(edits)")
            #expect(once.bytes == expected.bytes, "round \(round): \(edits) → \(merged)")
        }
    }

    @Test("the canonical form of known lists")
    func knownLists() throws {
        #expect(try Imaging.canonical(Array(repeating: .flip(horizontal: true), count: 5_000), width: 40, height: 30) == [])
        #expect(try Imaging.canonical(Array(repeating: .flip(horizontal: true), count: 4_999), width: 40, height: 30)
            == [.flip(horizontal: true)])
        #expect(try Imaging.canonical([.flip(horizontal: true), .flip(horizontal: false)], width: 40, height: 30) == [.rotate(degrees: 180)])
        #expect(try Imaging.canonical([.rotate(degrees: 90), .rotate(degrees: -90), .rotate(degrees: 0)], width: 40, height: 30) == [])
        // A crop before a turn moves behind it, in the turned picture's coordinates.
        #expect(try Imaging.canonical([.crop(x: 0, y: 0, width: 10, height: 5), .rotate(degrees: 90)], width: 40, height: 30)
            == [.rotate(degrees: 90), .crop(x: 25, y: 0, width: 5, height: 10)])
        #expect(try Imaging.canonical([.crop(x: 5, y: 5, width: 20, height: 20), .crop(x: 1, y: 2, width: 3, height: 4)], width: 40, height: 30)
            == [.crop(x: 6, y: 7, width: 3, height: 4)])
        #expect(try Imaging.canonical([.crop(x: 0, y: 0, width: 40, height: 30), .resize(width: 40, height: 30)], width: 40, height: 30) == [])
        #expect(throws: ImagingError.invalidArgument("step 2: crop 50×5 at 0,0 does not fit inside the 30×40 picture")) {
            try Imaging.canonical([.rotate(degrees: 90), .crop(x: 0, y: 0, width: 50, height: 5)], width: 40, height: 30)
        }
    }

    @Test("5,000 flips and a turn: one turn of work, no crash", .requires(.photos))
    func fiveThousandFlips() throws {
        let start = try smallPicture()
        let edits = Array(repeating: ImageEdit.flip(horizontal: true), count: 5_000) + [.rotate(degrees: 90)]
        let result = try Imaging.decodePixels(try Imaging.edit(start, edits, format: .png).bytes)
        let turned = try Imaging.decodePixels(try Imaging.edit(start, [.rotate(degrees: 90)], format: .png).bytes)
        #expect(result.width == 30 && result.height == 45)
        #expect(result.bytes == turned.bytes)
    }

    @Test("a list that stays long after merging is refused, not run", .requires(.photos))
    func tooManySteps() throws {
        let start = try smallPicture()
        var edits: [ImageEdit] = []
        for index in 0..<Imaging.maximumEditSteps / 2 + 1 {
            edits += [.crop(x: 1, y: 0, width: 44, height: 30), .resize(width: 45, height: 30 + index % 2)]
        }
        let merged = try Imaging.canonical(edits, width: 45, height: 30)
        #expect(merged.count > Imaging.maximumEditSteps)
        #expect(throws: ImagingError.invalidArgument(
            "\(merged.count) crop, resize, rotate and flip steps remain after merging; the limit is \(Imaging.maximumEditSteps)")) {
            try Imaging.edit(start, edits, format: .png)
        }
    }

    @Test("crops run before the turn in front of them, in the unturned picture; the EXIF turn joins the first")
    func executionOrder() throws {
        #expect(Imaging.executionOrder([.rotate(degrees: 90), .crop(x: 25, y: 0, width: 5, height: 10)], width: 40, height: 30)
            == [.crop(x: 0, y: 0, width: 10, height: 5), .rotate(degrees: 90)])
        #expect(Imaging.executionOrder([.rotate(degrees: 90), .flip(horizontal: true), .crop(x: 1, y: 2, width: 3, height: 4), .resize(width: 8, height: 9)],
                                       width: 40, height: 30)
            == [.crop(x: 2, y: 1, width: 4, height: 3), .rotate(degrees: 90), .flip(horizontal: true), .resize(width: 8, height: 9)])
        // Orientation 6 is stored turned a quarter anticlockwise: a crop of the upright top-left corner is
        // the stored bottom-left corner, taken before the one turn that makes it upright.
        let exif = QuarterTurn(orientation: 6)
        let merged = try Imaging.canonical(exif.edits + [.crop(x: 0, y: 0, width: 10, height: 5)], width: 40, height: 30)
        #expect(Imaging.executionOrder(merged, width: 40, height: 30) == [.crop(x: 0, y: 20, width: 5, height: 10), .rotate(degrees: 90)])
    }

    @Test("the 99.6-megapixel scan turned a quarter: held in a temporary file, not in memory; a small picture in memory", .requires(.photos))
    func bigTurnIsHeldOnDisc() throws {
        let scan = try Corpus.bytes("edge/huge_rgb_9643x10328.jpg")
        let turned = try Imaging.edit(scan, [.rotate(degrees: 90)])
        #expect(turned.width == 10328 && turned.height == 9643 && turned.format == .jpeg)
        try scan.withBytes { raw throws(ImagingError) in
            let info = try Imaging.probe(scan)
            let held = try Imaging.hold(try Imaging.openHeader(raw), input: info)
            #expect(held.pointer.pointee.dtype != VIPS_IMAGE_SETBUF, "\(held.width)×\(held.height) should be in a file")
        }
        let small = try smallPicture()
        try small.withBytes { raw throws(ImagingError) in
            let held = try Imaging.hold(try Imaging.openHeader(raw), input: try Imaging.probe(small))
            #expect(held.pointer.pointee.dtype == VIPS_IMAGE_SETBUF)
        }
    }
}
