import CCurl
#if canImport(Glibc)
import Glibc
#endif

// libcurl calls these on the thread running `curl_easy_perform`. They are plain C function pointers with no
// captures (never closures in `main.swift`); their state is the transfer's `TransferState`, passed as the
// callback's data pointer.

/// `CURLOPT_OPENSOCKETFUNCTION`: called before every connection (each resolved address tried, each redirect
/// hop); refuses an address the policy does not permit by returning `CURL_SOCKET_BAD`, so no packet is sent to it.
let openSocket: curl_opensocket_callback = { context, purpose, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let family = address.pointee.family
    let socketAddress = UnsafeRawPointer(address) + MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
    guard let ip = IPAddress(socketAddress: socketAddress, family: family), state.mayConnect(to: ip) else {
        return CURL_SOCKET_BAD
    }
    return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
}

/// `CURLOPT_WRITEFUNCTION`: one chunk of the decoded body; answering less than its size stops the transfer.
let receiveBody: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return state.receive(body: UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// `CURLOPT_HEADERFUNCTION`: one whole header line; answering less than its size stops the transfer.
let receiveHeader: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return state.receive(headerLine: UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}
