// The umbrella module: `import OpenTextKit` gives every layer.
@_exported import TextAttributes
@_exported import TextContent
@_exported import TextDocument
@_exported import TextTypography
@_exported import TextLayout
@_exported import TextRendering
@_exported import TextEditing
@_exported import TextMarkdown
@_exported import TextProofreading
@_exported import TextWritingTools
