import Foundation

/// The character set libedit reads and writes the terminal in.
enum TerminalLocale {
    /// Takes LC_CTYPE from the environment so libedit decodes UTF-8 (`paste 1 234,50 €`). A
    /// bare C/POSIX locale (no LANG at all, common in containers) is taken as C.UTF-8, as
    /// Python does since PEP 538: in plain C, libedit would drop every non-ASCII character.
    static func adopt() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset == "ANSI_X3.4-1968" || codeset == "US-ASCII" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.utf8") }
        }
    }
}
