//! A plain HTTP/1.1 client for the tests that talk to `snakesat serve` and ChromeDriver:
//! one request a connection, `Content-Length` or chunked answers. Written here rather than
//! taken from a crate because an HTTP client crate pulls in URL and Unicode tables whose
//! derive macros change the features of `syn`, and with them half the dependency tree:
//! the tests would rebuild CaDiCaL instead of reusing the release build's.

use std::io::{Read, Write};
use std::net::TcpStream;

pub struct Response {
    pub status: u16,
    headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// `METHOD url` with an optional JSON body; an error only when the connection fails (any
/// status, 4xx and 5xx included, is a response).
pub fn request(method: &str, url: &str, json_body: Option<&[u8]>) -> std::io::Result<Response> {
    let rest = url.strip_prefix("http://").expect("an http:// URL");
    let (host, path) = rest.split_once('/').map_or((rest, "/".to_string()), |(h, p)| (h, format!("/{p}")));
    let mut stream = TcpStream::connect(host)?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    if let Some(body) = json_body {
        head += &format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len());
    }
    head += "\r\n";
    stream.write_all(head.as_bytes())?;
    if let Some(body) = json_body {
        stream.write_all(body)?;
    }
    // Read by the answer's own framing, not to the end of the stream: a server may keep the
    // connection open despite `Connection: close` (ChromeDriver does).
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let split = loop {
        if let Some(p) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break p;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(bad("the connection closed before the end of the headers"));
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status line"))?;
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    let find = |name: &str| headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
    let mut body = raw.split_off(split + 4);
    let chunked = find("transfer-encoding").is_some_and(|v| v.contains("chunked"));
    let length = find("content-length").and_then(|v| v.parse::<usize>().ok());
    loop {
        let complete = match (chunked, length) {
            (true, _) => unchunk(&body).is_some(),
            (false, Some(n)) => body.len() >= n,
            (false, None) => false,
        };
        if complete {
            break;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&buf[..n]);
    }
    if chunked {
        body = unchunk(&body).ok_or_else(|| bad("a broken chunked body"))?;
    } else if let Some(n) = length {
        body.truncate(n);
    }
    Ok(Response { status, headers, body: String::from_utf8_lossy(&body).into_owned() })
}

fn unchunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let eol = data.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&data[..eol]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        data = &data[eol + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}
