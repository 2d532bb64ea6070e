import Foundation

/// An image a user message carries: PNG or JPEG bytes, or a file read when the message is sent.
///
/// Each provider sends it in its own format — OpenAI chat completions as an
/// `image_url` content part with a data URL, OpenAI Responses as an
/// `input_image`, Anthropic as an `image` block with a base64 source. A file
/// that is missing, unreadable, or not a PNG or JPEG image is a
/// ``ChatImageError``; nothing is sent then.
///
/// ```swift
/// func describePhoto(_ model: any LanguageModel, photo: URL) async throws -> String? {
///   let request = ChatRequest(messages: [.user("这张收据的金额是多少？", images: [.file(photo)])])
///   return try await model.respond(to: request).text
/// }
/// ```
public struct ChatImage: Sendable, Hashable, Codable {
  /// Where the image's bytes are.
  public enum Source: Sendable, Hashable, Codable {
    /// The bytes themselves.
    case data(Data)
    /// A file, read when the message is sent.
    case file(URL)
  }

  /// The image formats the providers take.
  public enum Format: String, Sendable, Hashable, Codable {
    /// PNG.
    case png
    /// JPEG.
    case jpeg

    /// The media type: `image/png` or `image/jpeg`.
    public var mediaType: String {
      switch self {
      case .png: "image/png"
      case .jpeg: "image/jpeg"
      }
    }

    /// The format of `bytes`, read from their signature, or `nil` when they are neither PNG nor JPEG.
    ///
    /// - Parameter bytes: An image file's bytes.
    public init?(of bytes: Data) {
      if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        self = .png
      } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
        self = .jpeg
      } else {
        return nil
      }
    }
  }

  /// Where the bytes are.
  public var source: Source

  /// Creates an image.
  ///
  /// - Parameter source: The bytes, or a file read when the message is sent.
  public init(source: Source) {
    self.source = source
  }

  /// An image from its PNG or JPEG bytes.
  ///
  /// - Parameter data: The bytes of a PNG or JPEG file.
  /// - Returns: The image.
  public static func data(_ data: Data) -> ChatImage { ChatImage(source: .data(data)) }

  /// An image read from a PNG or JPEG file when the message is sent.
  ///
  /// - Parameter url: A file URL.
  /// - Returns: The image.
  public static func file(_ url: URL) -> ChatImage { ChatImage(source: .file(url)) }

  /// The image's bytes and format, reading the file of a ``Source/file(_:)`` image.
  ///
  /// - Returns: The bytes and their format.
  /// - Throws: ``ChatImageError`` when the file is missing or unreadable, or the bytes are not PNG or JPEG.
  public func contents() throws(ChatImageError) -> (data: Data, format: Format) {
    let data: Data
    switch source {
    case .data(let bytes):
      data = bytes
    case .file(let url):
      guard url.isFileURL else { throw ChatImageError.notAFileURL(url.absoluteString) }
      guard FileManager.default.fileExists(atPath: url.path) else { throw ChatImageError.fileNotFound(url.path) }
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw ChatImageError.unreadableFile(url.path, reason: error.localizedDescription)
      }
    }
    guard let format = Format(of: data) else {
      let what: String
      switch source {
      case .data(let bytes): what = "the image data (\(bytes.count) bytes)"
      case .file(let url): what = "the file \(url.path)"
      }
      throw ChatImageError.notAnImage(what)
    }
    return (data, format)
  }

  /// The image with its bytes read (a ``Source/file(_:)`` image becomes ``Source/data(_:)``), checked to be PNG or
  /// JPEG — what a conversation keeps, so it does not depend on the file later.
  ///
  /// - Returns: The image as bytes.
  /// - Throws: ``ChatImageError`` when the file is missing or unreadable, or the bytes are not PNG or JPEG.
  public func loaded() throws(ChatImageError) -> ChatImage {
    .data(try contents().data)
  }

  /// The image as a `data:` URL (`data:image/png;base64,…`).
  ///
  /// - Returns: The URL text.
  /// - Throws: ``ChatImageError`` when the bytes cannot be read or are not PNG or JPEG.
  public func dataURL() throws(ChatImageError) -> String {
    let (data, format) = try contents()
    return "data:\(format.mediaType);base64,\(data.base64EncodedString())"
  }
}
