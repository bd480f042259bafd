import Testing
@testable import WebUI
