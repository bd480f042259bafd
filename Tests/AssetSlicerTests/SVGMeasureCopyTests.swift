@testable import AssetSlicer
import Foundation
import Testing

/// Slices are measured on a copy of the SVG whose filters draw nothing (issue 27: librsvg 2.54 runs filters while it
/// measures); the rectangles must be the ones librsvg gives for the original — figures read with librsvg 2.54's
/// `get_geometry_for_layer` on the original documents (python3-gi, Rsvg 2.0), filters and all.
@Suite struct SVGMeasureCopyTests {
    /// A drop shadow (blur, offset, merge) under a filter region 150 % of the element, on a circle and a rectangle.
    static func shadowed(_ prefix: String = "", head: String = "") -> String {
        let p = prefix.isEmpty ? "" : prefix + ":"
        let xmlns = prefix.isEmpty ? #"xmlns="http://www.w3.org/2000/svg""# : #"xmlns:\#(prefix)="http://www.w3.org/2000/svg""#
        return head + #"<\#(p)svg \#(xmlns) width="750" height="1334"><\#(p)filter id="s" x="-20%" y="-20%" width="150%" height="150%">"#
            + #"<\#(p)feGaussianBlur in="SourceAlpha" stdDeviation="4"/><\#(p)feOffset dx="2" dy="3" result="o"/>"#
            + #"<\#(p)feMerge><\#(p)feMergeNode in="o"/><\#(p)feMergeNode in="SourceGraphic"/></\#(p)feMerge></\#(p)filter>"#
            + #"<\#(p)circle id="btn" cx="100.3" cy="200.7" r="33.3" filter="url(#s)"/>"#
            + #"<\#(p)rect id="bar" x="10.5" y="500" width="77.7" height="31" filter="url(#s)"/></\#(p)svg>"#
    }

    static func rectangles(_ svg: String) throws -> [String: [Double]] {
        let design = try SVGDesign.read(Data(svg.utf8), file: "t.svg", designScale: 1, limits: SlicerLimits(), meter: SliceMeter(SliceBudget()))
        var found: [String: [Double]] = [:]
        for slice in design.slices {
            let rounded = { (value: Double) in (value * 1000).rounded() / 1000 }
            found[slice.name.raw] = [slice.position?.x ?? .nan, slice.position?.y ?? .nan, slice.width, slice.height].map(rounded)
        }
        return found
    }

    @Test func theCopyKeepsEachFilterWithOneOffsetInIt() throws {
        let copy = String(decoding: try #require(SVGMeasureCopy.make(Data(Self.shadowed().utf8))), as: UTF8.self)
        #expect(copy.contains(#"id="s""#) && copy.contains(#"width="150%""#) && copy.contains("<feOffset"), "\(copy)")
        #expect(!copy.contains("feGaussianBlur") && !copy.contains("feMerge"))
        #expect(SVGMeasureCopy.make(Data(#"<svg xmlns="http://www.w3.org/2000/svg"><rect id="a" width="1" height="1"/></svg>"#.utf8)) == nil)
    }

    @Test(arguments: ["", "svg"]) func shadowedSlicesMeasureAsLibrsvgMeasuresTheOriginal(prefix: String) throws {
        let found = try Self.rectangles(Self.shadowed(prefix))
        #expect(found["btn"] == [67.0, 167.398, 66.602, 66.602])
        #expect(found["bar"] == [10.5, 500.0, 77.699, 31.0])
    }

    /// Illustrator writes its namespaces as internal entities; they stay entities in the copy, which still reads.
    @Test func internalEntitiesSurviveTheCopy() throws {
        let head = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]>"#
        let svg = Self.shadowed(head: head).replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: #"xmlns="&ns_svg;""#)
        let found = try Self.rectangles(svg)
        #expect(found["btn"] == [67.0, 167.398, 66.602, 66.602])
    }

    /// The issue's bomb measured on its copy: the rectangle librsvg gives the original (after 11 s of turbulence).
    @Test func theBombMeasuresWithoutRunningItsTurbulence() throws {
        let one = SliceBudgetTests.bomb.replacingOccurrences(of: #"<rect id="bg_b" width="1000" height="1000" filter="url(#f)"/><rect id="bg_c" width="1000" height="1000" filter="url(#f)"/>"#, with: "")
        #expect(try Self.rectangles(one)["bg_a"] == [0, 0, 1000, 1000])
    }
}
