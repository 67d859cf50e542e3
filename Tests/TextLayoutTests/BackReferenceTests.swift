import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// TextKit's weak back-references: a container's and a fragment's layout manager, an element's
/// content manager.
@Suite struct BackReferenceTests {
    @Test func aContainerKnowsItsLayoutManager() throws {
        let (_, manager) = makeLayout("Hello\nمرحبا")
        #expect(manager.textContainer.textLayoutManager === manager)
        let loose = TextContainer(size: CGSize(width: 300, height: 0))
        #expect(loose.textLayoutManager == nil)
        // Which manager holds it is no part of a container's value.
        #expect(loose == manager.textContainer)
        #expect(loose.hashValue == manager.textContainer.hashValue)
        // Setting the same geometry keeps the layout; a new container is linked to the manager.
        let before = try #require(allFragments(manager).first)
        manager.textContainer = loose
        #expect(allFragments(manager).first === before)
        #expect(manager.textContainer.textLayoutManager === manager)
        manager.textContainer = TextContainer(size: CGSize(width: 200, height: 0))
        #expect(manager.textContainer.textLayoutManager === manager)
        #expect(allFragments(manager).first !== before)
        // A container taken from one manager and given to another belongs to the other.
        let other = TextLayoutManager()
        other.textContainer = manager.textContainer
        #expect(other.textContainer.textLayoutManager === other)
        #expect(manager.textContainer.textLayoutManager === manager)
        // A fresh manager's own container.
        #expect(TextLayoutManager().textContainer.textLayoutManager != nil)
    }

    @Test func anElementKnowsItsContentManager() throws {
        let (storage, manager) = makeLayout("English\nعربي\nעברית\nภาษาไทย")
        for ordinal in 0 ..< 4 {
            let paragraph = try #require(storage.textParagraph(atIndex: ordinal))
            #expect(paragraph.textContentManager === storage)
        }
        var elements = 0
        storage.enumerateTextElements(from: nil) { element in
            #expect(element.textContentManager === storage)
            elements += 1
            return true
        }
        #expect(elements == 4)
        for fragment in allFragments(manager) {
            #expect(fragment.textElement.textContentManager === storage)
            #expect(fragment.textLayoutManager?.textContentManager === storage)
        }
        // Not in a document: none.
        #expect(TextParagraph(attributedString: AttributedString("alone")).textContentManager == nil)
        // Another document's paragraph names its own manager.
        let other = TextContentStorage(string: "other")
        #expect(other.textParagraph(atIndex: 0)?.textContentManager === other)
        #expect(other.textParagraph(atIndex: 0)?.textContentManager !== storage)
    }

    @Test func theBackReferenceIsWeak() throws {
        func orphan() -> TextParagraph? {
            let storage = TextContentStorage(string: "short-lived\nשלום")
            let paragraph = storage.textParagraph(atIndex: 1)
            #expect(paragraph?.textContentManager === storage)
            return paragraph
        }
        let paragraph = try #require(orphan())
        #expect(paragraph.textContentManager == nil)
        #expect(paragraph.attributedString.characters.count == 4)

        var fragment: TextLayoutFragment?
        do {
            let storage = TextContentStorage(string: "gone")
            let manager = TextLayoutManager()
            storage.addTextLayoutManager(manager)
            fragment = manager.textLayoutFragment(for: storage.documentRange.location)
            #expect(fragment?.textLayoutManager === manager)
        }
        #expect(fragment != nil && fragment?.textLayoutManager == nil)
        fragment?.invalidateLayout() // its manager is gone: nothing to do, no trap
    }
}
