import Foundation
import Testing
@testable import HTTPServer

@Suite struct JSONWriterTests {
    func render(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func nestedStructuresGetCommasRight() {
        let json = render {
            $0.object {
                $0.field("id", 7)
                $0.array("tags") { $0.value("a"); $0.value("b") }
                $0.object("rating") { $0.field("score", 4.5); $0.field("count", 120) }
                $0.field("missing", String?.none)
                $0.field("ok", true)
            }
        }
        #expect(json == #"{"id":7,"tags":["a","b"],"rating":{"score":4.5,"count":120},"missing":null,"ok":true}"#)
    }

    @Test func stringsAreEscapedPerRFC8259() {
        let json = render { $0.value("say \"hi\"\\ \n\t\u{01} </script> 中文 😀") }
        #expect(json == #""say \"hi\"\\ \n\t\u0001 </script> 中文 😀""#)
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == "say \"hi\"\\ \n\t\u{01} </script> 中文 😀")
    }

    @Test func numbers() {
        #expect(render { $0.value([0, -5, 1234567890123, Int.min].map(Int64.init)) } == "[0,-5,1234567890123,-9223372036854775808]")
        #expect(render { $0.value([1.0, 0.1, -2.5, 1e300, Double.nan, .infinity]) } == "[1,0.1,-2.5,1e+300,null,null]")
    }

    @Test func outputParsesAsTheSameDocumentFoundationReads() throws {
        let json = render { writer in
            writer.array { list in
                for index in 1...50 {
                    list.object {
                        $0.field("id", index)
                        $0.field("name", "Item \(index)")
                    }
                }
            }
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 50)
        #expect(parsed?.last?["name"] as? String == "Item 50")
    }
}
