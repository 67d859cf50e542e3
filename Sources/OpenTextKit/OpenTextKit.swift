// The umbrella module: `import OpenTextKit` gives every layer.
@_exported import TextContent
@_exported import TextTypography
@_exported import TextLayout
@_exported import TextRendering
@_exported import TextEditing
@_exported import TextMarkdown
