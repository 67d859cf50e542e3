import Foundation
import OpenTextKit
import OpenTextKitExamples
import OpenTextKitGTK

/// The seed's collapsible sections in the GTK widget: Examples' `CollapsibleSectionsTextView`
/// (its content storage's delegate hiding the paragraphs of collapsed sections, its viewport
/// delegate overrides finding the headings on screen) shown with a margin of disclosure
/// triangles left of the text; a click on a triangle collapses or expands its section.
///
/// ```swift
/// let view = CollapsibleSectionsWidget(storage: try TextContentStorage(markdown: readme))
/// view.sections.headingRule = .presentationIntent
/// gtk_scrolled_window_set_child(scrolled, view.widget)
/// ```
open class CollapsibleSectionsWidget: TextViewWidget {
    public static let marginWidth: CGFloat = 22
    public let sections: CollapsibleSectionsTextView
    /// Draws the triangles (each laid out with the engine, as the seed's labels are).
    let triangles = LineNumberView()

    public init(storage: TextContentStorage) {
        sections = CollapsibleSectionsTextView(storage: storage)
        super.init(textView: sections)
        onPress = { [unowned self] point, _ in
            // In the margin, beside a heading: its section toggles.
            guard point.x < 0,
                let header = sections.sectionHeaders.first(where: {
                    $0.frame.minY <= point.y && point.y < $0.frame.maxY
                })
            else { return false }
            sections.toggleSection(headerOffset: header.offset)
            return true
        }
    }

    open override var textContainerOrigin: CGPoint {
        CGPoint(x: Self.marginWidth + textContainerInset.width, y: textContainerInset.height)
    }

    open override func snapshotBackground(_ snapshot: OpaquePointer, in rect: CGRect) {
        super.snapshotBackground(snapshot, in: rect)
        var attributes = AttributeContainer()
        attributes.font = .system(size: 11)
        attributes.foregroundColor = TextColor(white: 0.35)
        // Drawn afresh each frame: the labels of the last frame go (their lines are kept).
        triangles.removeAllLabels()
        for header in sections.sectionHeaders {
            let collapsed = sections.collapsedSections.contains(header.offset)
            let triangle = collapsed ? "▸" : "▾"
            triangles.draw(triangle, at: .zero, withAttributes: attributes)
            let label = triangles.labels.last!
            appendKeptDrawing(
                "triangle \(triangle)", bounds: CGRect(x: 0, y: 0, width: Self.marginWidth, height: 20),
                at: CGPoint(x: 6, y: header.frame.minY + textContainerOrigin.y), to: snapshot
            ) { context in
                triangles.render(label, in: context, at: .zero)
            }
        }
    }
}
