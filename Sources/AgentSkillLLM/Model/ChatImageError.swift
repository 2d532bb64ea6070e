/// Why an image of a message could not be sent.
///
/// ```swift
/// let image = ChatImage.file(URL(fileURLWithPath: "/tmp/missing.png"))
/// do {
///   _ = try image.contents()
/// } catch {
///   print(error)  // The image file /tmp/missing.png does not exist. …
/// }
/// ```
public enum ChatImageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No file at the path.
  case fileNotFound(String)
  /// The file exists but could not be read.
  case unreadableFile(String, reason: String)
  /// The URL is not a file URL.
  case notAFileURL(String)
  /// The bytes (described: the file, or the data's size) are not a PNG or JPEG image.
  case notAnImage(String)

  /// The message, ending with what to do about it.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      "The image file \(path) does not exist. Check the path, or attach the image's data with ChatImage.data(_:)."
    case .unreadableFile(let path, let reason):
      "The image file \(path) could not be read: \(reason). Check its permissions, or attach the data instead."
    case .notAFileURL(let url):
      "\(url) is not a file URL. Download the image and attach its data with ChatImage.data(_:)."
    case .notAnImage(let what):
      "\(what) is not a PNG or JPEG image. Convert it to PNG or JPEG and attach it again."
    }
  }
}
