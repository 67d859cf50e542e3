import Foundation
import TextContent

/// The rendering attributes drawing understands (set them with the layout manager's
/// `addRenderingAttribute(_:value:for:)`); they override the content's attributes of the same
/// name when drawing. Values: `TextColor` for colours, `TextDecorationStyle` for decorations.
extension NSAttributedString.Key {
    public static let foregroundColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.ForegroundColorAttribute.name)
    public static let backgroundColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.BackgroundColorAttribute.name)
    public static let underlineStyle = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute.name)
    public static let underlineColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.UnderlineColorAttribute.name)
    public static let strikethroughStyle = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.StrikethroughStyleAttribute.name)
    public static let strikethroughColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.StrikethroughColorAttribute.name)
}
