/**
 * The safe fetch against local servers (127.0.0.1 only): limits of time, size and redirects, the
 * https rule, and the SSRF guard judging the address the socket connects to, on every redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeFetch, type Resolver } from "../../src/net/index.js";
import { classifyAddress } from "../../src/net/address.js";
import { json, redirect, startServer, type LocalServer } from "./local.js";

let srv: LocalServer;
const opened: Array<{ destroyed: boolean }> = [];

beforeAll(async () => {
  srv = await startServer({
    "/ok": json({ hello: "world" }),
    "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
    "/to-metadata-name": redirect("http://metadata.google.internal/computeMetadata/v1/"),
    "/to-name": redirect("http://internal.example.test/latest/"),
    "/to-mapped": redirect("http://[::ffff:169.254.169.254]/"),
    "/to-private": redirect("http://10.0.0.1/agent-card.json"),
    "/to-private-name": redirect("http://intranet.example.test/agent-card.json"),
    "/loop": redirect("/loop"),
    "/hop1": redirect("/hop2", 301),
    "/hop2": redirect("/ok", 307),
    "/trickle": (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(" ")), 20);
      res.on("close", () => clearInterval(t));
    },
    "/silent": (req) => {
      opened.push(req.socket);
    },
    "/huge": (_req, res) => {
      // 100 MB, written only as fast as the client reads.
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 100 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (srv as unknown as { sentHuge: number }).sentHuge = sent);
      pump();
    },
    "/declared": (_req, res) => {
      res.writeHead(200, { "content-length": String(50 * 1024 * 1024) }).write("{");
    },
    "/post": (req, res, body) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ method: req.method, body })),
  });
});
afterAll(() => srv.close());

const local = { allowPrivate: true };
/** A resolver that answers every name with the given addresses, counting its calls. */
const resolverTo = (...addresses: string[]): Resolver & { calls: string[] } => {
  const calls: string[] = [];
  const r = async (host: string) => {
    calls.push(host);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(r, { calls });
};

describe("addresses", () => {
  it("classifies every non-public range, IPv4 inside IPv6 included", () => {
    const cases: Array<[string, string | undefined]> = [
      ["127.0.0.1", "loopback"], ["::1", "loopback"], ["10.2.3.4", "private"], ["172.16.0.1", "private"], ["192.168.1.1", "private"],
      ["169.254.1.1", "link-local"], ["fe80::1", "link-local"], ["fc00::1", "unique-local"], ["fd12:3456::1", "unique-local"],
      ["100.64.0.1", "carrier-grade NAT"], ["0.0.0.0", "unspecified"], ["::", "unspecified"], ["224.0.0.1", "multicast"], ["ff02::1", "multicast"],
      ["169.254.169.254", "cloud metadata"], ["fd00:ec2::254", "cloud metadata"], ["::ffff:169.254.169.254", "cloud metadata"],
      ["::ffff:127.0.0.1", "loopback"], ["::ffff:7f00:1", "loopback"], ["64:ff9b::a00:1", "private"], ["2002:7f00:1::", "loopback"],
      ["8.8.8.8", undefined], ["172.32.0.1", undefined], ["2606:4700:4700::1111", undefined],
    ];
    for (const [ip, kind] of cases) expect([ip, classifyAddress(ip)]).toEqual([ip, kind]);
  });
});

describe("safeFetch", () => {
  it("fetches a local URL with allowPrivate, reporting the connected address", async () => {
    const r = await safeFetch(`${srv.url}/ok`, local);
    expect(r.ok && r.value.status).toBe(200);
    if (!r.ok) return;
    expect(JSON.parse(new TextDecoder().decode(r.value.body))).toEqual({ hello: "world" });
    expect(r.value.address).toBe("127.0.0.1");
  });

  it("refuses loopback and plain http by default, before connecting", async () => {
    const before = srv.hits.get("/ok") ?? 0;
    const r = await safeFetch(`${srv.url}/ok`, { allowHttp: true });
    expect(!r.ok && r.issues[0]!.code).toBe("blocked_address");
    expect(!r.ok && r.issues[0]!.message).toMatch(/127\.0\.0\.1, a loopback address.*allowPrivate/);
    const plain = await safeFetch(`${srv.url}/ok`);
    expect(!plain.ok && plain.issues[0]!.code).toBe("insecure_url");
    expect(srv.hits.get("/ok") ?? 0).toBe(before);
  });

  it("judges the resolved address: a name resolving to 127.0.0.1 is refused by default, allowed with allowPrivate", async () => {
    const resolve = resolverTo("127.0.0.1");
    const before = srv.hits.get("/ok") ?? 0;
    const refused = await safeFetch(`http://agent.example.test:${srv.port}/ok`, { allowHttp: true, resolve });
    expect(!refused.ok && refused.issues[0]!.code).toBe("blocked_address");
    expect(!refused.ok && refused.issues[0]!.message).toMatch(/agent\.example\.test is 127\.0\.0\.1/);
    expect(srv.hits.get("/ok") ?? 0).toBe(before);
    const allowed = await safeFetch(`http://agent.example.test:${srv.port}/ok`, { allowPrivate: true, resolve });
    expect(allowed.ok && allowed.value.address).toBe("127.0.0.1");
    expect(resolve.calls).toEqual(["agent.example.test", "agent.example.test"]);
    // One bad address among good ones refuses the name.
    const mixed = await safeFetch(`https://agent.example.test/ok`, { resolve: resolverTo("93.184.215.14", "::ffff:10.0.0.1") });
    expect(!mixed.ok && mixed.issues[0]!.message).toMatch(/private address/);
  });

  it("http with allowPrivate goes only to non-public addresses", async () => {
    const r = await safeFetch(`http://public.example.test:${srv.port}/ok`, { allowPrivate: true, resolve: resolverTo("93.184.215.14") });
    expect(!r.ok && r.issues[0]!.code).toBe("insecure_url");
  });

  it("refuses a redirect to a private or metadata address before connecting, even with allowPrivate for metadata", async () => {
    // Private is allowed here, metadata never: the redirect's literal is refused before any connection.
    const hits = srv.hits.get("/to-metadata") ?? 0;
    for (const path of ["/to-metadata", "/to-metadata-name", "/to-mapped"]) {
      const r = await safeFetch(`${srv.url}${path}`, local);
      expect(!r.ok && r.issues[0]!.code).toBe("blocked_address");
      expect(!r.ok && r.issues[0]!.message).toMatch(/cloud metadata/);
      expect(!r.ok && r.issues[0]!.hint).toContain(`${srv.url}${path}`);
    }
    expect(srv.hits.get("/to-metadata")).toBe(hits + 1);
  });

  it("with allowPrivate as a list, reaches only those addresses: a redirect to another private address is refused before connecting", async () => {
    const only = { allowPrivate: ["127.0.0.1"] };
    const ok = await safeFetch(`${srv.url}/ok`, only);
    expect(ok.ok && ok.value.address).toBe("127.0.0.1");
    const literal = await safeFetch(`${srv.url}/to-private`, only);
    expect(!literal.ok && literal.issues[0]!.code).toBe("blocked_address");
    expect(!literal.ok && literal.issues[0]!.message).toMatch(/10\.0\.0\.1, a private address not among the allowPrivate addresses/);
    expect(!literal.ok && literal.issues[0]!.hint).toContain(`${srv.url}/to-private`);
    // A name is judged at its own lookup: the resolver is asked, and its private answer refused.
    const resolve = resolverTo("192.168.7.7");
    const named = await safeFetch(`${srv.url}/to-private-name`, { ...only, resolve });
    expect(resolve.calls).toEqual(["intranet.example.test"]);
    expect(!named.ok && named.issues[0]!.message).toMatch(/intranet\.example\.test is 192\.168\.7\.7, a private address not among the allowPrivate addresses/);
    // The same redirects with every private address allowed are followed (and fail only to connect or resolve).
    const other = await safeFetch(`${srv.url}/to-private-name`, { allowPrivate: true, resolve: resolverTo("127.0.0.1"), timeoutMs: 2000 });
    expect(!other.ok && other.issues[0]!.code).not.toBe("blocked_address");
    // Not on the list: refused as without allowPrivate, metadata never.
    const elsewhere = await safeFetch(`${srv.url}/ok`, { allowPrivate: ["10.0.0.1"] });
    expect(!elsewhere.ok && elsewhere.issues[0]!.code).toBe("blocked_address");
    const metadata = await safeFetch(`${srv.url}/to-metadata`, { allowPrivate: ["127.0.0.1", "169.254.169.254"] });
    expect(!metadata.ok && metadata.issues[0]!.message).toMatch(/cloud metadata/);
  });

  it("judges a redirect's host name again at its own lookup", async () => {
    const judged: string[] = [];
    const resolve: Resolver = async (h) => {
      judged.push(h);
      return [{ address: h === "agent.example.test" ? "127.0.0.1" : "169.254.169.254", family: 4 }];
    };
    const r = await safeFetch(`http://agent.example.test:${srv.port}/to-name`, { allowPrivate: true, resolve });
    expect(judged).toEqual(["agent.example.test", "internal.example.test"]);
    expect(!r.ok && r.issues[0]!.message).toMatch(/internal\.example\.test is 169\.254\.169\.254, a cloud metadata address/);
  });

  it("follows a few redirects and stops at the limit", async () => {
    const r = await safeFetch(`${srv.url}/hop1`, local);
    expect(r.ok && r.value.url).toBe(`${srv.url}/ok`);
    expect(r.ok && r.value.redirects).toEqual([`${srv.url}/hop1`, `${srv.url}/hop2`]);
    const loop = await safeFetch(`${srv.url}/loop`, { ...local, maxRedirects: 3 });
    expect(!loop.ok && loop.issues[0]!.code).toBe("too_many_redirects");
    const none = await safeFetch(`${srv.url}/hop1`, { ...local, maxRedirects: 0 });
    expect(!none.ok && none.issues[0]!.message).toMatch(/redirects are refused/);
  });

  it("gives up on a trickling body and on a server that never answers", async () => {
    const t0 = Date.now();
    const trickle = await safeFetch(`${srv.url}/trickle`, { ...local, timeoutMs: 300 });
    expect(!trickle.ok && trickle.issues[0]!.code).toBe("timeout");
    const silent = await safeFetch(`${srv.url}/silent`, { ...local, timeoutMs: 200 });
    expect(!silent.ok && silent.issues[0]!.code).toBe("timeout");
    expect(Date.now() - t0).toBeLessThan(5000);
    const hang = await safeFetch("https://hang.example.test/", { timeoutMs: 100, resolve: () => new Promise(() => undefined) });
    expect(!hang.ok && hang.issues[0]!.code).toBe("timeout");
  });

  it("stops reading 100 MB at the size limit, memory bounded", async () => {
    const heap0 = process.memoryUsage().rss;
    const r = await safeFetch(`${srv.url}/huge`, { ...local, maxBytes: 1024 * 1024 });
    expect(!r.ok && r.issues[0]!.code).toBe("too_large");
    await new Promise((res) => setTimeout(res, 50));
    const sent = (srv as unknown as { sentHuge: number }).sentHuge;
    // The server could only push what the socket buffers took: far less than the 100 MB.
    expect(sent).toBeLessThan(20 * 1024 * 1024);
    expect(process.memoryUsage().rss - heap0).toBeLessThan(80 * 1024 * 1024);
    const declared = await safeFetch(`${srv.url}/declared`, local);
    expect(!declared.ok && declared.issues[0]!.message).toMatch(/declares 52428800 bytes/);
  });

  it("sends a POST body and never throws on bad input", async () => {
    const r = await safeFetch(`${srv.url}/post`, { ...local, method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
    expect(r.ok && JSON.parse(new TextDecoder().decode(r.value.body))).toEqual({ method: "POST", body: '{"a":1}' });
    for (const bad of ["", "ftp://x/", "https://user:pw@example.test/", "not a url", "http://[::1"]) {
      const x = await safeFetch(bad);
      expect(x.ok).toBe(false);
    }
    const hostile = await safeFetch(`${srv.url}/ok`, new Proxy({}, { get() { throw new Error("boom"); } }));
    expect(!hostile.ok && hostile.issues[0]!.message).toMatch(/options could not be read/);
  });
});
