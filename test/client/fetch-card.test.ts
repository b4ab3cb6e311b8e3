/**
 * fetchAgentCard against local servers (127.0.0.1 only): the well-known path, the card judged,
 * its interfaces' URLs checked, signatures verified with keys or an allow-listed jku, and the
 * safe fetch's refusals reaching the result.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAgentCard, interfacesOf, type FetchAgentCardOptions } from "../../src/v1/client.js";
import { interfaceIssues } from "../../src/client/interfaces.js";
import { signAgentCard } from "../../src/v1/signatures/index.js";
import { cardFor } from "../server/agent.js";
import { jwkSet, testKey, type TestKey } from "../signatures/helpers.js";
import { json, redirect, startServer, type LocalServer } from "../net/local.js";

let srv: LocalServer;
let key: TestKey;
let signed: unknown;
const routes: Record<string, unknown> = {};
const local: FetchAgentCardOptions = { allowPrivate: true };
const readFixture = (rel: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, "../..", rel), "utf8"));

const withInterfaces = (...list: Array<{ url: string; protocolBinding: string }>) => ({ ...cardFor("https://agent.example.com"), supportedInterfaces: list.map((i) => ({ ...i, protocolVersion: "1.0" })) });

beforeAll(async () => {
  srv = await startServer({
    "/.well-known/agent-card.json": (req, res, b) => json(cardFor(srv.url))(req, res, b),
    "/bad.json": (req, res, b) => json({ ...cardFor(srv.url), name: 42 })(req, res, b),
    "/html": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>not a card</html>"),
    "/ifaces.json": (req, res, b) => json(routes["ifaces"])(req, res, b),
    "/signed.json": (req, res, b) => json(signed)(req, res, b),
    "/jwks.json": (req, res, b) => json(jwkSet(key.publicJwk))(req, res, b),
    "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/iam/"),
    "/moved": redirect("/.well-known/agent-card.json", 301),
    "/v03.json": (req, res, b) => json(readFixture("fixtures/v0.3/valid/AgentCard/full.json"))(req, res, b),
    "/hybrid.json": (req, res, b) => json(readFixture("fixtures/hybrid/valid/hand-made/agreeing-hybrid.json"))(req, res, b),
  });
  key = await testKey("EdDSA", "card-key");
});
afterAll(() => srv.close());

describe("fetchAgentCard", () => {
  it("fetches an origin's well-known card and judges it valid", async () => {
    const r = await fetchAgentCard(srv.url, local);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.url).toBe(`${srv.url}/.well-known/agent-card.json`);
    expect(r.value.version).toBe("1.0");
    expect(r.value.card.name).toBe("Front door test agent");
    expect(r.value.interfaces.map((i) => i.binding)).toEqual(["JSONRPC", "HTTP+JSON"]);
    expect(r.value.address).toBe("127.0.0.1");
    const moved = await fetchAgentCard(`${srv.url}/moved`, local);
    expect(moved.ok && moved.value.redirects).toEqual([`${srv.url}/moved`]);
  });

  it("reports an invalid card, a body that is not JSON and an HTTP error", async () => {
    const bad = await fetchAgentCard(`${srv.url}/bad.json`, local);
    expect(!bad.ok && bad.issues.map((i) => [i.pointer, i.code])).toEqual([["/name", "type"]]);
    const html = await fetchAgentCard(`${srv.url}/html`, local);
    expect(!html.ok && html.issues[0]!.code).toBe("syntax");
    const missing = await fetchAgentCard(`${srv.url}/nothing.json`, local);
    expect(!missing.ok && missing.issues[0]!.code).toBe("http_status");
    expect(!missing.ok && missing.issues[0]!.message).toMatch(/answered HTTP 404/);
  });

  it("refuses the local agent without allowPrivate, and a redirect to metadata with it", async () => {
    const before = srv.hits.get("/.well-known/agent-card.json") ?? 0;
    const r = await fetchAgentCard(srv.url);
    expect(!r.ok && r.issues[0]!.code).toBe("insecure_url");
    const named = await fetchAgentCard(`https://agent.example.test:${srv.port}/`, { resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect(!named.ok && named.issues[0]!.code).toBe("blocked_address");
    expect(srv.hits.get("/.well-known/agent-card.json") ?? 0).toBe(before);
    const meta = await fetchAgentCard(`${srv.url}/to-metadata`, local);
    expect(!meta.ok && meta.issues[0]!.message).toMatch(/169\.254\.169\.254, a cloud metadata address/);
  });

  it("checks every interface URL: absolute, https, not private unless allowed, gRPC host:port", async () => {
    routes["ifaces"] = withInterfaces(
      { url: "/a2a/jsonrpc", protocolBinding: "JSONRPC" },
      { url: "http://agent.example.com/rest", protocolBinding: "HTTP+JSON" },
      { url: "https://10.1.2.3/rpc", protocolBinding: "JSONRPC" },
      { url: "https://[fd00:ec2::254]/rpc", protocolBinding: "JSONRPC" },
      { url: "https://user:pw@agent.example.com/rpc", protocolBinding: "JSONRPC" },
      { url: "agent.example.com:443", protocolBinding: "GRPC" },
      { url: "not a target", protocolBinding: "GRPC" },
      { url: "localhost:50051", protocolBinding: "GRPC" },
    );
    // The card itself is on 127.0.0.1, so it is fetched with allowPrivate: private interfaces pass, metadata never.
    const r = await fetchAgentCard(`${srv.url}/ifaces.json`, local);
    expect(!r.ok && r.issues.map((i) => [i.pointer, i.code])).toEqual([
      ["/supportedInterfaces/0/url", "format"], // the schema's
      ["/supportedInterfaces/6/url", "format"], // the schema's
      ["/supportedInterfaces/1/url", "insecure_url"],
      ["/supportedInterfaces/3/url", "blocked_address"],
      ["/supportedInterfaces/4/url", "format"],
    ]);
    // Without allowPrivate (judged offline, as the card's fetch would be refused here).
    const strict = interfacesOf(routes["ifaces"]).flatMap((it) => interfaceIssues(it, { allowPrivate: false, allowHttp: false }));
    expect(strict.map((i) => [i.pointer, i.code])).toEqual([
      ["/supportedInterfaces/0/url", "format"],
      ["/supportedInterfaces/1/url", "insecure_url"],
      ["/supportedInterfaces/2/url", "blocked_address"],
      ["/supportedInterfaces/3/url", "blocked_address"],
      ["/supportedInterfaces/4/url", "format"],
      ["/supportedInterfaces/6/url", "format"],
      ["/supportedInterfaces/7/url", "blocked_address"],
    ]);
    expect(strict.find((i) => i.pointer === "/supportedInterfaces/2/url")!.message).toMatch(/10\.1\.2\.3, a private address.*allowPrivate/);
  });

  it("verifies signatures with given keys or an allow-listed jku, through the same safe fetch", async () => {
    const unsigned = cardFor("https://agent.example.com");
    const s = await signAgentCard(unsigned, { key: key.privateKey, kid: key.kid, alg: "EdDSA", jku: `${srv.url}/jwks.json` });
    if (!s.ok) throw new Error("sign");
    signed = s.value;
    const withKeys = await fetchAgentCard(`${srv.url}/signed.json`, { ...local, keys: jwkSet(key.publicJwk) });
    expect(withKeys.ok).toBe(true);
    const other = await testKey("EdDSA", "other-key");
    const wrong = await fetchAgentCard(`${srv.url}/signed.json`, { ...local, keys: jwkSet({ ...other.publicJwk, kid: "card-key" }) });
    expect(!wrong.ok && wrong.issues[0]!.code).toBe("signature_invalid");
    const viaJku = await fetchAgentCard(`${srv.url}/signed.json`, { ...local, jku: { allowedOrigins: [srv.url] } });
    expect(viaJku.ok).toBe(true);
    expect(srv.hits.get("/jwks.json")).toBe(1);
    const notAllowed = await fetchAgentCard(`${srv.url}/signed.json`, { ...local, jku: { allowedOrigins: ["https://keys.example.com"] } });
    expect(!notAllowed.ok && notAllowed.issues[0]!.message).toMatch(/not in the allowed origins/);
    // An unsigned card: a warning, or an error when a signature is required.
    signed = unsigned;
    const warn = await fetchAgentCard(`${srv.url}/signed.json`, { ...local, keys: jwkSet(key.publicJwk) });
    expect(warn.ok && warn.warnings?.map((w) => w.code)).toEqual(["signature_missing"]);
    const required = await fetchAgentCard(`${srv.url}/signed.json`, { ...local, keys: jwkSet(key.publicJwk), requireSignature: true });
    expect(!required.ok && required.issues[0]!.code).toBe("signature_missing");
  });

  it("judges a card as the version it is: v0.3, hybrid, or the version asked for", async () => {
    const v03 = await fetchAgentCard(`${srv.url}/v03.json`, { ...local, allowHttp: true });
    expect(v03.ok && [v03.value.version, v03.value.interfaces.map((i) => i.protocolVersion)]).toEqual(["0.3", ["0.3.0", "0.3.0", "0.3.0"]]);
    const hybrid = await fetchAgentCard(`${srv.url}/hybrid.json`, { ...local, allowHttp: true });
    expect(hybrid.ok && hybrid.value.version).toBe("hybrid");
    const asV1 = await fetchAgentCard(`${srv.url}/v03.json`, { ...local, allowHttp: true, version: "1.0" });
    expect(!asV1.ok && asV1.issues.some((i) => i.code === "required" && i.property === "supportedInterfaces")).toBe(true);
  });

  it("never throws", async () => {
    const hostile = new Proxy({}, { get() { throw new Error("boom"); } }) as FetchAgentCardOptions;
    const r = await fetchAgentCard(srv.url, hostile);
    expect(r.ok).toBe(false);
    for (const url of ["", "ftp://example.com/", 42 as unknown as string, "https://user:pw@example.com/"]) expect((await fetchAgentCard(url)).ok).toBe(false);
  });
});
