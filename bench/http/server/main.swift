// bench-http-server: AppSuite's HTTP stack (HTTPServer + Storage + WebUI) serving the three scenarios of
// bench/http/README.md, so `bench/http/run` can compare it with nginx, Node and Starlette in one run.
import Foundation

exit(BenchServer.run(arguments: Array(CommandLine.arguments.dropFirst())))
