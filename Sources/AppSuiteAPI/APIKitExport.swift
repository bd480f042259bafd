// Every endpoint declaration here is an `APIKit.Endpoint`; whoever imports the wire models gets the core with them.
@_exported public import APIKit
