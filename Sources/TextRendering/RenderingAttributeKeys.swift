import Foundation
import TextContent

/// The rendering attributes drawing understands (set them with the layout manager's
/// `addRenderingAttribute(_:value:for:)`); they override the content's attributes of the same
/// name when drawing. Values: `TextColor` for colours, `TextDecorationStyle` for decorations,
/// `Shadow` for the shadow, `Double` for the stroke width and the obliqueness.
extension NSAttributedString.Key {
    public static let foregroundColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.ForegroundColorAttribute.name)
    public static let backgroundColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.BackgroundColorAttribute.name)
    public static let underlineStyle = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute.name)
    public static let underlineColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.UnderlineColorAttribute.name)
    public static let strikethroughStyle = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.StrikethroughStyleAttribute.name)
    public static let strikethroughColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.StrikethroughColorAttribute.name)
    public static let shadow = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.ShadowAttribute.name)
    public static let strokeColor = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.StrokeColorAttribute.name)
    public static let strokeWidth = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.StrokeWidthAttribute.name)
    public static let obliqueness = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.ObliquenessAttribute.name)
}
