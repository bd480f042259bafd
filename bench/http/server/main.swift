print("bench-http-server")
