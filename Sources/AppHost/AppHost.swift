// AppHost: placeholder
