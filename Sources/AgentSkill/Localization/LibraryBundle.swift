import Foundation

/// The `AgentSkill` module's resource bundle, which holds its String Catalog.
///
/// SwiftPM names it `AgentSkill_AgentSkill` (`.bundle` on Apple platforms,
/// `.resources` on Linux) and puts it in the app's resources or beside the
/// executable. It is found here by that name, in the places SwiftPM's
/// generated `Bundle.module` accessor looks, rather than through that
/// accessor: `Bundle.module` stops the program when the bundle is missing
/// (a Linux executable copied without its `.resources` folder), where this
/// search returns `nil` and the texts fall back to the app's own table, then
/// to their keys; and it is generated code, which the package's Apple SDK
/// type-check (sources compiled without SwiftPM) does not have.
enum LibraryBundle {
  /// The bundle's file name without its extension.
  static let name = "AgentSkill_AgentSkill"

  /// The resource bundle, or `nil` when none of the usual places holds it.
  static let resources: Bundle? = {
    let code = Bundle(for: Marker.self)
    let directories = [Bundle.main.resourceURL, Bundle.main.bundleURL, code.resourceURL, code.bundleURL]
    for directory in directories.compactMap({ $0 }) {
      for suffix in ["bundle", "resources"] {
        if let bundle = Bundle(url: directory.appendingPathComponent("\(name).\(suffix)")) {
          return bundle
        }
      }
    }
    return nil
  }()

  /// A class of this module, whose bundle is where the module's code was loaded from.
  private final class Marker {}
}
