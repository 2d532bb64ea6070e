import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// A model server that cannot be reached: each cause gets its own message,
/// naming the address and what to do, in the question's language.
@Suite("agentskill-demo connection errors (subprocess)", .timeLimit(.minutes(5)))
struct ConnectionErrorTests {
  private func ask(_ question: String, baseURL: String) async throws -> DemoProcess.Result {
    try await DemoFixtures.withDirectory { directory in
      try await DemoProcess.run(["--data", directory.path, "--base-url", baseURL, "--model", "m", "--ask", question])
    }
  }

  @Test("nothing listening: says nothing answers at that address and how to start a server")
  func connectionRefused() async throws {
    // Held closed for the whole test: a stopped server's port could be handed to another test's server.
    let closed = try ClosedPort()
    defer { closed.release() }
    let port = closed.port
    let chinese = try await ask("你好呀", baseURL: "http://127.0.0.1:\(port)/v1")
    #expect(chinese.status == 1)
    #expect(chinese.output.contains("✗ 出错了：http://127.0.0.1:\(port) 上没有服务在应答（连接被拒绝）"), "\(chinese.output)")
    #expect(chinese.output.contains("ollama serve") && chinese.output.contains("--base-url"))
    #expect(!chinese.output.contains("ended before the model finished"))
    let english = try await ask("hello", baseURL: "http://127.0.0.1:\(port)/v1")
    #expect(english.output.contains("✗ Error: Nothing answers at http://127.0.0.1:\(port) (connection refused)"))
  }

  @Test("an unknown host: says the host was not found")
  func hostNotFound() async throws {
    let result = try await ask("hello", baseURL: "http://no-such-host.invalid/v1")
    #expect(result.status == 1)
    #expect(
      result.output.contains("The host no-such-host.invalid was not found (DNS lookup failed)"), "\(result.output)")
  }

  @Test("https to a server that answers in plain HTTP: says the TLS connection failed")
  func tlsFailure() async throws {
    // A server answering every connection at once in plain HTTP (as a local model server
    // would), with the demo asked to reach it over https.
    let script = """
      import socket, subprocess, sys, threading
      s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen()
      def serve():
          while True:
              c, _ = s.accept(); c.sendall(b"HTTP/1.1 400 Bad Request\\r\\nContent-Length: 0\\r\\n\\r\\n"); c.close()
      threading.Thread(target=serve, daemon=True).start()
      url = "https://127.0.0.1:%d/v1" % s.getsockname()[1]
      run = subprocess.run([sys.argv[1], "--data", sys.argv[2], "--base-url", url, "--model", "m", "--ask", "你好呀"],
                           capture_output=True, text=True, timeout=100, env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"})
      print("status %d" % run.returncode); print(run.stdout)
      """
    let demo = try DemoProcess.executable()
    let result = try await DemoFixtures.withDirectory { directory in
      try await DemoProcess.runCommand("/usr/bin/env", ["python3", "-c", script, demo.path, directory.path])
    }
    #expect(result.output.contains("status 1"), "\(result.output) \(result.errors)")
    #expect(result.output.contains("✗ 出错了：与 127.0.0.1 的 TLS 安全连接失败"), "\(result.output)")
    #expect(result.output.contains("http://"))
  }
}
