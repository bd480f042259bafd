import AppHost
import Foundation
import Testing

@Suite struct CSVTests {
    @Test func quotesDoubledQuotesLineBreaksAndCRLF() {
        let text = "\u{FEFF}name,score,note\r\n\"四川大学\",638,\"a, \"\"quoted\"\"\nline\"\r\n\r\n浙江大学,,x\n"
        let table = CSVTable(Data(text.utf8))
        #expect(table.header == ["name", "score", "note"], "the byte-order mark is not part of the first name")
        #expect(table.rows == [["四川大学", "638", "a, \"quoted\"\nline"], ["浙江大学", "", "x"]], "blank lines are skipped")
        let records = table.records
        #expect(records[0]["score"] == "638")
        #expect(records[1]["score"] == nil, "an empty field is absent")
        #expect(records[1]["nope"] == nil)
    }

    @Test func lastLineWithoutNewlineAndEmptyInput() {
        #expect(CSVTable(Data("a,b\n1,2".utf8)).rows == [["1", "2"]])
        #expect(CSVTable(Data()).header.isEmpty)
    }
}
