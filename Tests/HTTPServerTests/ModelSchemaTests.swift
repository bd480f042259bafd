import AppSuiteAPI
import Foundation
import Testing
@testable import HTTPServer

/// A model of every shape the schema reader meets in the wire models.
struct SchemaNote: Codable {
    struct Tag: Codable { var name: String }
    var id: Int64
    var title: String
    var score: Double?
    var done: Bool
    var at: Date
    var tags: [Tag]
    var mood: SchemaMood
    var replies: [SchemaNote]?
    var cover: Tag?
    var counts: [Int]
}

/// A string enum that refuses unknown values (the reader must still get past it).
enum SchemaMood: String, Codable, CaseIterable { case calm, loud }

@Suite struct ModelSchemaTests {
    /// The component as `/api/openapi.json` renders it.
    static func rendered(_ components: [(String, JSONSchema)]) throws -> [String: [String: Any]] {
        let bytes = OpenAPIDocument.render(title: "t", version: "1", operations: [], schemas: components)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
    }

    @Test func readsEveryPropertyInOrderWithItsTypeAndOptionality() throws {
        let note = try #require(try Self.rendered([JSONSchema.component(SchemaNote.self)])["SchemaNote"])
        #expect(note["type"] as? String == "object")
        #expect(note["required"] as? [String] == ["id", "title", "done", "at", "tags", "mood", "counts"])
        let properties = try #require(note["properties"] as? [String: [String: Any]])
        #expect(properties.count == 10)
        #expect(properties["id"]?["type"] as? String == "integer")
        #expect(properties["title"]?["type"] as? String == "string")
        #expect(properties["done"]?["type"] as? String == "boolean")
        #expect(properties["at"]?["format"] as? String == "date-time")
        #expect(properties["mood"]?["type"] as? String == "string")
        #expect((properties["tags"]?["items"] as? [String: String]) == ["$ref": "#/components/schemas/SchemaNote.Tag"])
        #expect((properties["counts"]?["items"] as? [String: String]) == ["type": "integer"])
        let score = try #require(properties["score"]?["oneOf"] as? [[String: String]])
        #expect(score == [["type": "number"], ["type": "null"]])
        let replies = try #require(properties["replies"]?["oneOf"] as? [[String: Any]])
        #expect((replies.first?["items"] as? [String: String]) == ["$ref": "#/components/schemas/SchemaNote"], "recursion ends in a $ref")
        let cover = try #require(properties["cover"]?["oneOf"] as? [[String: String]])
        #expect(cover == [["$ref": "#/components/schemas/SchemaNote.Tag"], ["type": "null"]])
    }

    @Test func overridesReplaceThePropertyAndKeepItNullable() throws {
        let component = JSONSchema.component(SchemaNote.self, overriding: [
            "title": .string(minLength: 1, maxLength: 40), "score": .number(description: "0–10"),
        ])
        let properties = try #require(try Self.rendered([component])["SchemaNote"]?["properties"] as? [String: [String: Any]])
        #expect(properties["title"]?["maxLength"] as? Int == 40)
        let score = try #require(properties["score"]?["oneOf"] as? [[String: String]])
        #expect(score == [["type": "number", "description": "0–10"], ["type": "null"]])
    }

    @Test func namesNestedModelsWithTheirParentAndAStringEnumIsAString() throws {
        #expect(JSONSchema.componentName(SchemaNote.Tag.self) == "SchemaNote.Tag")
        #expect(JSONSchema.componentName(Problem.FieldError.self) == "Problem.FieldError")
        let components = try Self.rendered([JSONSchema.component(SchemaMood.self), JSONSchema.component(GaokaoBucket.self)])
        #expect(components["SchemaMood"]?["type"] as? String == "string")
        #expect(components["GaokaoBucket"]?["type"] as? String == "string")
    }

    @Test func aRequestBodyDecodesWithTheAPIsDateStrategy() throws {
        struct Booking: Codable, Equatable { var name: String; var at: Date }
        let booking = Booking(name: "复诊", at: Date(timeIntervalSince1970: 1_796_032_800))
        let body = try APICoding.makeEncoder().encode(booking)
        #expect(String(decoding: body, as: UTF8.self).contains(#""at":"2026-11-30T10:00:00Z""#))
        let request = Request(method: .post, path: "/api/v1/bookings", headers: ["Content-Type": "application/json"], body: .bytes(Array(body)))
        #expect(try request.decodeJSON(Booking.self) == booking)

        let seconds = Request(method: .post, path: "/api/v1/bookings", headers: ["Content-Type": "application/json"],
                              body: .bytes(Array(#"{"name":"复诊","at":1796032800}"#.utf8)))
        let error = #expect(throws: HTTPError.self) { try seconds.decodeJSON(Booking.self) }
        #expect(error?.status == .badRequest)
    }
}
