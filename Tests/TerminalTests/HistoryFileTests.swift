import Foundation
import Testing
@testable import moneyfield

@Suite struct HistoryFileTests {
    let home = URL(fileURLWithPath: "/home/ana")

    @Test func moneyfieldHistoryComesFirst() {
        let file = HistoryFile.location(environment: ["MONEYFIELD_HISTORY": "/tmp/h", "XDG_STATE_HOME": "/state"], home: home)
        #expect(file.url.path == "/tmp/h")
    }

    @Test func thenTheXDGStateFolder() {
        let file = HistoryFile.location(environment: ["XDG_STATE_HOME": "/state"], home: home)
        #expect(file.url.path == "/state/moneyfield/history")
    }

    @Test(arguments: [[:], ["MONEYFIELD_HISTORY": "", "XDG_STATE_HOME": ""], ["XDG_STATE_HOME": "relative/state"]])
    func elseTheHomeStateFolder(environment: [String: String]) {
        let file = HistoryFile.location(environment: environment, home: home)
        #expect(file.url.path == "/home/ana/.local/state/moneyfield/history")
    }

    /// Only a missing file, an empty one or libedit's own history may be replaced.
    @Test(arguments: [
        ("missing", nil, true), ("empty", "", true), ("history", "_HiStOrY_V2_\nshow\n", true),
        ("notes", "my precious notes\n", false), ("short", "_HiSt", false), ("folder", nil, false), ("fifo", nil, false),
    ] as [(String, String?, Bool)])
    func onlyAHistoryFileIsEverReplaced(name: String, contents: String?, replaceable: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        if let contents { try Data(contents.utf8).write(to: url) }
        if name == "folder" { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) }
        if name == "fifo" { #expect(mkfifo(url.path, 0o600) == 0) }
        #expect(HistoryFile(url: url).holdsHistory == replaceable)
    }

    /// A history kept elsewhere through a link is saved to the link's target; a folder that
    /// cannot be made (its parent is a file) is not mistaken for someone else's file.
    @Test func aLinkIsFollowedAndAnImpossibleFolderIsNotSomeoneElsesFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real-history")
        try Data("_HiStOrY_V2_\n".utf8).write(to: real)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(HistoryFile(url: link).target.path == real.resolvingSymlinksInPath().path)
        let file = folder.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let impossible = HistoryFile(url: file.appendingPathComponent("moneyfield/history"))
        #expect(impossible.holdsHistory, "free: making its folder is what fails, and says so")
        #expect(throws: (any Error).self) { try impossible.prepareFolder() }
    }
}
