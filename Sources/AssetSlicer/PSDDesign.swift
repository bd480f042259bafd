import CMagickWand
import Foundation
import Imaging
import Synchronization
import WebUI

/// Reads a Photoshop file through ImageMagick's PSD coder (MagickWand): every named layer is a slice
/// (its name is the slice name), placed where the layer sits on the canvas; the merged picture and
/// group markers are skipped. Layers are bitmaps at the design scale.
enum PSDDesign {
    private static let started = Mutex(false)

    static func read(_ file: URL, file name: String, designScale: Int, limits: SlicerLimits, meter: SliceMeter) throws(SlicerError) -> Design {
        started.withLock { started in
            if !started {
                MagickWandGenesis()
                started = true
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard size <= limits.image.maximumBytes else {
            throw .overLimit("\(name) has \(size) bytes; at most \(limits.image.maximumBytes)")
        }
        guard let wand = NewMagickWand() else { throw .imaging(.processingFailed(detail: "ImageMagick cannot start")) }
        defer { DestroyMagickWand(wand) }
        // A bomb is refused from the header: ImageMagick checks its resource limits while reading.
        let side = MagickSizeType(limits.maximumSide * 4)
        MagickSetResourceLimit(WidthResource, side)
        MagickSetResourceLimit(HeightResource, side)
        MagickSetResourceLimit(AreaResource, MagickSizeType(limits.image.maximumPixels))
        MagickSetResourceLimit(ListLengthResource, MagickSizeType(min(limits.maximumSlices, limits.budget.maximumLayers) + 1))
        // ImageMagick checks its time limit while it decodes: the run's deadline reaches inside the library.
        if let seconds = meter.secondsLeft { MagickSetResourceLimit(TimeResource, MagickSizeType(seconds)) }
        guard MagickReadImage(wand, file.path) == MagickTrue else {
            if exception(wand, file: name) == ResourceLimitError {
                throw .overBudget(zh: "\(name) 超出读取限制（图层数、尺寸、像素或时间）",
                                  en: "\(name) is over the limits while it is read (layers, size, pixels or time)")
            }
            throw .unreadableDesign(file: name, layer: nil, detail: "not a PSD this tool can read")
        }
        let count = Int(MagickGetNumberImages(wand))
        var slices: [Slice] = []
        var notes: [LintFinding] = []
        let scale = Double(designScale)
        var canvasWidth: Double?
        var canvasHeight: Double?
        var totalPixels = 0
        for index in 0..<count {
            MagickSetIteratorIndex(wand, index)
            var pageWidth = 0, pageHeight = 0, x = 0, y = 0
            MagickGetImagePage(wand, &pageWidth, &pageHeight, &x, &y)
            if index == 0 {
                canvasWidth = Double(pageWidth > 0 ? pageWidth : Int(MagickGetImageWidth(wand)))
                canvasHeight = Double(pageHeight > 0 ? pageHeight : Int(MagickGetImageHeight(wand)))
            }
            guard let labelPointer = MagickGetImageProperty(wand, "label") else { continue }
            let label = String(cString: labelPointer)
            MagickRelinquishMemory(labelPointer)
            let width = Int(MagickGetImageWidth(wand)), height = Int(MagickGetImageHeight(wand))
            guard !label.hasPrefix("</"), !label.isEmpty else { continue }
            guard width >= 1, height >= 1, width * height > 1 || x != 0 || y != 0 else {
                notes.append(LintFinding(rule: "read", level: .warning, subject: "\(name), layer \"\(label)\"", message: LocalizedText(zh: "空图层；已跳过", en: "an empty layer; skipped")))
                continue
            }
            guard width <= limits.maximumSide, height <= limits.maximumSide else {
                throw .overLimit("\(name), layer \"\(label)\" is \(width)×\(height) px; each side at most \(limits.maximumSide)")
            }
            totalPixels += width * height
            guard totalPixels <= limits.maximumTotalPixels else {
                throw .overLimit("\(name): the layers up to \"\(label)\" have \(totalPixels) pixels in all; at most \(limits.maximumTotalPixels)")
            }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let exported = pixels.withUnsafeMutableBytes { raw in
                MagickExportImagePixels(wand, 0, 0, width, height, "RGBA", CharPixel, raw.baseAddress)
            }
            guard exported == MagickTrue else {
                _ = exception(wand, file: name)
                throw .unreadableDesign(file: name, layer: LocalizedText(zh: "图层「\(label)」", en: "layer \"\(label)\""), detail: "its pixels cannot be read")
            }
            slices.append(Slice(
                name: SliceName(label), origin: "\(name), layer \"\(label)\"", format: .psd,
                width: Double(width) / scale, height: Double(height) / scale, position: (Double(x) / scale, Double(y) / scale),
                art: .bitmaps([designScale: RGBAImage(width: width, height: height, pixels: pixels)])))
            guard slices.count <= limits.maximumSlices else { throw .overLimit("\(name) has over \(limits.maximumSlices) layers") }
        }
        return Design(slices: slices, canvasWidth: canvasWidth, canvasHeight: canvasHeight, notes: notes)
    }

    /// The severity of the wand's last failure, cleared; ImageMagick's own message (which names the file's path on
    /// the server) goes to the log only.
    static func exception(_ wand: OpaquePointer, file: String) -> ExceptionType {
        var severity = UndefinedException
        guard let message = MagickGetException(wand, &severity) else { return severity }
        defer { MagickRelinquishMemory(message) }
        MagickClearException(wand)
        LibraryLog.write(String(cString: message), library: "ImageMagick", file: file)
        return severity
    }
}
