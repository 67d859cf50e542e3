internal import CHarfBuzz
import TextContent

/// OpenType feature settings as HarfBuzz takes them.
enum OpenTypeFeatures {
    /// The `hb_feature_t` of each setting, applied to the whole buffer, in order (a later setting
    /// of the same tag wins).
    static func harfBuzzFeatures(_ features: [FontFeature]) -> [hb_feature_t] {
        features.map { feature in
            let tag = feature.tag.withCString { hb_tag_from_string($0, -1) }
            return hb_feature_t(
                tag: tag, value: UInt32(clamping: feature.value), start: 0, end: UInt32.max)
        }
    }
}
