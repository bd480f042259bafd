print("appsuite")
