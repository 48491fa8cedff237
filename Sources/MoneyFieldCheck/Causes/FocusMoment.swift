import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell

/// When a field pads its fraction, or not (SPEC §1 "Focus"): each is a field option of its own.
package enum FocusMoment: Sendable, Hashable {
    /// A key typed with the field focused (`--while-typing`).
    case typing
    /// `<enter>`, the field losing focus (`--on-leave`).
    case leaving
    /// The first key after `<enter>`, focus coming back (`--on-focus`).
    case returning

    var words: String {
        switch self {
        case .typing: "while typing"
        case .leaving: "on leaving the field"
        case .returning: "as focus came back after leaving"
        }
    }

    /// The record's spelling; focus coming back keeps the one it had before `typing` was told apart.
    var code: String {
        switch self {
        case .typing: " typing"
        case .leaving: " leaving"
        case .returning: ""
        }
    }

    /// The option, set so, that pads (`padded`) or not at this moment: `--on-leave keep`.
    func option(padding padded: Bool) -> String {
        switch self {
        case .typing: FieldOption[\.whileTyping].name + " " + (padded ? WhileTyping.pad : .keep).rawValue
        case .leaving: FieldOption[\.onLeave].name + " " + (padded ? OnLeave.pad : .keep).rawValue
        case .returning: FieldOption[\.onFocus].name + " " + (padded ? OnFocus.keep : .trim).rawValue
        }
    }
}
