import Foundation
import Synchronization
@_spi(Layout) import TextContent

/// A layout manager's attachment view providers: which fragment each belongs to, which are kept
/// by a reuse policy across an edit of their paragraph or while scrolled out of the viewport,
/// and counts of what was made, reused and loaded (`textLayoutManager.textAttachmentViewProviderCache`).
///
/// A fragment's providers (`TextLayoutFragment.textAttachmentViewProviders`) are made the first
/// time they are asked for. When a paragraph is laid out again (an edit in it, a new width), its
/// new fragment takes over the attachment: the old provider "is about to be invalidated" and is
/// offered to the layout manager's delegate (`textLayoutManager(_:cacheTextAttachmentViewProvider:for:)`),
/// then the delegate is asked for one (`textLayoutManager(_:retrieveCachedTextAttachmentViewProviderFor:)`);
/// without either, or where the delegate keeps the defaults, this cache answers by the policies
/// registered for the provider's class. A text view tells it after each layout which providers
/// its viewport shows (``viewportDidShow(_:)``); the views of those that left are let go, or
/// kept by `.onScrollingOutOfViewport`.
public final class TextAttachmentViewProviderCache: @unchecked Sendable {
    /// What the cache counts, for tests and measurements.
    public struct Statistics: Sendable, Hashable {
        /// Providers made for attachments (by their layout or their registered class).
        public var providersMade = 0
        /// Providers a new fragment took from the cache instead of making one.
        public var providersReused = 0
        /// Calls of `loadView()` (a provider's view read while it had none).
        public var viewsLoaded = 0
        /// Views that came back into the viewport kept, not loaded again.
        public var viewsKeptOutOfViewport = 0
        /// Views let go: scrolled out without a policy, past the limit, or of providers dropped.
        public var viewsLetGo = 0
    }

    /// How many views scrolled out of the viewport `.onScrollingOutOfViewport` keeps, the least
    /// recently shown let go first.
    public var outOfViewportLimit: Int {
        get { state.withLock { $0.outOfViewportLimit } }
        set { state.withLock { $0.outOfViewportLimit = max(0, newValue) } }
    }

    /// One provider of an attachment and the fragment layout it belongs to.
    private struct Entry {
        let provider: TextAttachmentViewProvider
        weak var owner: TextLayoutFragment?
    }

    private struct State {
        var policies: [ObjectIdentifier: TextAttachmentViewProviderReusePolicy] = [:]
        /// The providers in use, by attachment (an attachment shown twice has two).
        var entries: [ObjectIdentifier: [Entry]] = [:]
        /// Providers kept across a new layout of their paragraph, until the next viewport layout.
        var keptForEditing: [ObjectIdentifier: [TextAttachmentViewProvider]] = [:]
        /// What the last viewport layout showed.
        var shown: [ObjectIdentifier: TextAttachmentViewProvider] = [:]
        /// The fragment layouts that took providers since the viewport's layout began: an
        /// attachment one of them holds is not taken over by another (it is shown twice).
        var layoutsOfThisPass: Set<ObjectIdentifier> = []
        /// Providers scrolled out with their views kept, oldest first.
        var parked: [TextAttachmentViewProvider] = []
        var outOfViewportLimit = 32
        var statistics = Statistics()
    }
    private let state = Mutex(State())

    init() {}

    /// What was made, reused and loaded so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Keeps providers of `type` (and its subclasses) by `policies` from now on; an empty set
    /// goes back to TextKit's behaviour (new providers).
    public func register(
        _ policies: TextAttachmentViewProviderReusePolicy,
        forTextAttachmentViewProviderType type: TextAttachmentViewProvider.Type
    ) {
        state.withLock { $0.policies[ObjectIdentifier(type)] = policies }
    }

    /// The policies that apply to `provider`: its class's, or its nearest registered superclass's.
    public func policies(for provider: TextAttachmentViewProvider) -> TextAttachmentViewProviderReusePolicy {
        state.withLock { Self.policies(for: provider, in: $0) }
    }

    private static func policies(
        for provider: TextAttachmentViewProvider, in state: State
    ) -> TextAttachmentViewProviderReusePolicy {
        var type: AnyClass? = Swift.type(of: provider)
        while let current = type {
            if let policies = state.policies[ObjectIdentifier(current)] { return policies }
            type = class_getSuperclassOrNil(current)
        }
        return []
    }

    /// Keeps `provider`, about to be invalidated, when its policies say so: `.onEditingInlineParagraphs`,
    /// or `.onScrollingOutOfViewport` while its view is kept out of the viewport. What the layout
    /// manager's delegate does by default.
    public func cache(_ provider: TextAttachmentViewProvider, for attachment: TextAttachment) {
        state.withLock { state in
            let policies = Self.policies(for: provider, in: state)
            let parked = state.parked.contains { $0 === provider }
            let sizing = provider.isKeptForSizing
            provider.isKeptForSizing = false
            guard
                sizing || policies.contains(.onEditingInlineParagraphs)
                    || (policies.contains(.onScrollingOutOfViewport) && parked)
            else { return }
            state.keptForEditing[ObjectIdentifier(attachment), default: []].append(provider)
        }
    }

    /// A provider kept for `attachment`, taken out of the cache, or nil. What the layout
    /// manager's delegate does by default.
    public func retrieveCachedProvider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
        state.withLock { state in
            let key = ObjectIdentifier(attachment)
            guard var kept = state.keptForEditing[key] else { return nil }
            kept.removeAll { $0.textAttachment !== attachment }
            guard !kept.isEmpty else {
                state.keptForEditing[key] = nil
                return nil
            }
            let provider = kept.removeFirst()
            state.keptForEditing[key] = kept.isEmpty ? nil : kept
            return provider
        }
    }

    /// The providers `root` (a fragment's own layout) shows for its attachments, in order:
    /// those it has, those taken over from an earlier layout of the paragraph (through the
    /// delegate's cache), or new ones.
    func providers(
        of root: TextLayoutFragment, attachments: [(attachment: TextAttachment, location: any TextLocation)],
        manager: TextLayoutManager
    ) -> [TextAttachmentViewProvider] {
        var result: [TextAttachmentViewProvider] = []
        for (attachment, location) in attachments {
            let key = ObjectIdentifier(attachment)
            // Its own, or one of an earlier layout not shown now (that layout was replaced).
            let (own, invalidated) = state.withLock {
                state -> (TextAttachmentViewProvider?, TextAttachmentViewProvider?) in
                var entries = state.entries[key] ?? []
                entries.removeAll { $0.provider.textAttachment !== attachment }
                defer { state.entries[key] = entries.isEmpty ? nil : entries }
                state.layoutsOfThisPass.insert(ObjectIdentifier(root))
                let mine = entries.first { entry in
                    entry.owner === root && !result.contains { $0 === entry.provider }
                }
                if let mine { return (mine.provider, nil) }
                guard
                    let index = entries.firstIndex(where: { entry in
                        guard let owner = entry.owner else { return true }
                        return owner !== root && !state.layoutsOfThisPass.contains(ObjectIdentifier(owner))
                    })
                else { return (nil, nil) }
                return (nil, entries.remove(at: index).provider)
            }
            if let own {
                own.location = location
                result.append(own)
                continue
            }
            if let invalidated {
                if let delegate = manager.delegate {
                    delegate.textLayoutManager(manager, cacheTextAttachmentViewProvider: invalidated, for: attachment)
                } else {
                    cache(invalidated, for: attachment)
                }
            }
            let retrieved =
                manager.delegate.map {
                    $0.textLayoutManager(manager, retrieveCachedTextAttachmentViewProviderFor: attachment)
                } ?? retrieveCachedProvider(for: attachment)
            let provider: TextAttachmentViewProvider
            if let retrieved {
                retrieved.location = location
                provider = retrieved
                state.withLock { $0.statistics.providersReused += 1 }
            } else if let made = attachment.layoutViewProvider(
                for: nil, location: location, textContainer: manager.textContainer)
            {
                provider = made
                state.withLock { $0.statistics.providersMade += 1 }
            } else {
                continue
            }
            state.withLock {
                $0.entries[key, default: []].append(Entry(provider: provider, owner: root))
            }
            result.append(provider)
        }
        return result
    }

    /// A layout of the viewport begins: fragments laid out again take over their paragraph's
    /// providers from the layouts they replace. A host calls it before each layout of what it
    /// shows.
    public func viewportWillLayout() {
        state.withLock { $0.layoutsOfThisPass = [] }
    }

    /// The providers a viewport shows after a layout: those that left it let their views go,
    /// unless `.onScrollingOutOfViewport` keeps them (up to ``outOfViewportLimit``); providers
    /// kept for an edit and not taken are dropped. A host calls it after each layout of what it
    /// shows, then places the views of `providers`.
    public func viewportDidShow(_ providers: [TextAttachmentViewProvider]) {
        let letGo = state.withLock { state -> [TextAttachmentViewProvider] in
            var shown: [ObjectIdentifier: TextAttachmentViewProvider] = [:]
            for provider in providers { shown[ObjectIdentifier(provider)] = provider }
            var letGo: [TextAttachmentViewProvider] = []
            // Back in view: kept views count as reused.
            state.parked.removeAll { parked in
                guard shown[ObjectIdentifier(parked)] != nil else { return false }
                if parked.isViewLoaded { state.statistics.viewsKeptOutOfViewport += 1 }
                return true
            }
            // Providers whose attachment or layout is gone are forgotten.
            state.entries = state.entries.compactMapValues { entries in
                let alive = entries.filter { $0.owner != nil && $0.provider.textAttachment != nil }
                return alive.isEmpty ? nil : alive
            }
            // Those still in use for an attachment; one replaced (its paragraph laid out again,
            // a new provider made) or whose attachment went is let go, not kept out of view.
            let live = Set(state.entries.values.joined().map { ObjectIdentifier($0.provider) })
            state.parked.removeAll { parked in
                guard !live.contains(ObjectIdentifier(parked)) else { return false }
                letGo.append(parked)
                return true
            }
            for (key, provider) in state.shown where shown[key] == nil {
                if live.contains(key), Self.policies(for: provider, in: state).contains(.onScrollingOutOfViewport) {
                    state.parked.append(provider)
                } else {
                    letGo.append(provider)
                }
            }
            if state.parked.count > state.outOfViewportLimit {
                letGo += state.parked.prefix(state.parked.count - state.outOfViewportLimit)
                state.parked.removeFirst(state.parked.count - state.outOfViewportLimit)
            }
            for kept in state.keptForEditing.values.joined() where shown[ObjectIdentifier(kept)] == nil {
                letGo.append(kept)
            }
            state.keptForEditing = [:]
            state.shown = shown
            let loaded = letGo.filter(\.isViewLoaded)
            state.statistics.viewsLetGo += loaded.count
            return loaded
        }
        for provider in letGo { provider.view = nil }
    }

    /// Whether `provider`'s view is kept while it is out of the viewport.
    public func isKeptOutOfViewport(_ provider: TextAttachmentViewProvider) -> Bool {
        state.withLock { $0.parked.contains { $0 === provider } }
    }

    /// A provider of `attachment` already in use that asks for its own bounds, if any: what
    /// layout asks for the attachment's room.
    func trackingProvider(for attachment: TextAttachment) -> TextAttachmentViewProvider? {
        state.withLock { state in
            state.entries[ObjectIdentifier(attachment)]?.first {
                $0.provider.tracksTextAttachmentViewBounds && $0.provider.textAttachment === attachment
            }?.provider
        }
    }

    func noteViewLoaded() {
        state.withLock { $0.statistics.viewsLoaded += 1 }
    }
}

/// The superclass of `type`, through the runtime's metadata (Swift has no `superclass` on
/// `AnyClass` off Apple platforms).
private func class_getSuperclassOrNil(_ type: AnyClass) -> AnyClass? {
    _getSuperclass(type)
}
