/** Pieces of the v1 generator that the bundle tests only see indirectly. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropErrorObjects } from "../../scripts/generate/compile.js";
import { HOST_PORT, HTTP_URL, rangeRegex, WITH_AUTHORITY } from "../../scripts/generate/v1/bundle.js";
import { isAbsoluteUri } from "../../src/core/uri.js";
import { isGrpcTarget, isHttpUrl, isUriOrEmpty } from "../../src/v1/formats.js";
import { cleanComment, jsonNameOf } from "../../scripts/generate/v1/proto.js";

describe("rangeRegex", () => {
  it("matches exactly the canonical decimals in range (property)", () => {
    for (const [lo, hi] of [[1, 100], [0, 2147483647], [-2147483648, 2147483647]] as const) {
      const re = new RegExp(rangeRegex(lo, hi));
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: -3e9, max: 3e9 }), fc.constantFrom(lo, hi, lo - 1, hi + 1, 0, 9, 10, 99, 100, 101, 999999999, 1000000000)), (n) => {
          expect(re.test(String(n)), `${n} in [${lo}, ${hi}]`).toBe(n >= lo && n <= hi);
        }),
      );
      for (const s of ["", "-0", "007", "+1", "1e2", "1.0", " 1"]) expect(re.test(s), s).toBe(false);
    }
  });
});

describe("dropErrorObjects", () => {
  it("replaces each error object literal, braces and quotes in strings included", () => {
    const code = 'f.errors = [{instancePath:p+"/a",schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^a{1,2}\\"}$"}}];\nfunction g(d, {instancePath="", x}={}){ const e = {instancePath,schemaPath:"#/x",keyword:"x",params:{}}; }';
    expect(dropErrorObjects(code)).toBe('f.errors = [0];\nfunction g(d, {instancePath="", x}={}){ const e = 0; }');
  });
});

describe("jsonNameOf", () => {
  it("follows protoc's lowerCamelCase rule", () => {
    expect(jsonNameOf("oauth2_security_scheme")).toBe("oauth2SecurityScheme");
    expect(jsonNameOf("open_id_connect_url")).toBe("openIdConnectUrl");
    expect(jsonNameOf("id")).toBe("id");
  });
});

describe("cleanComment", () => {
  it("drops AIP internal comments and protolint directives, keeps the documentation", () => {
    expect(cleanComment("(-- api-linter: core::0140::reserved-words=disabled\naip.dev/not-precedent: Backwards compatibility --)\nRequired. The protected JWS header.")).toBe("Required. The protected JWS header.");
    expect(cleanComment("protolint:disable REPEATED_FIELD_NAMES_PLURALIZED\nThe history of interactions.")).toBe("The history of interactions.");
    expect(cleanComment("protolint:enable X")).toBeUndefined();
    expect(cleanComment(null)).toBeUndefined();
  });
});

describe("the AgentInterface.url patterns", () => {
  it("hostname:port: a port is 1 to 65535 (property)", () => {
    const re = new RegExp(HOST_PORT);
    fc.assert(
      fc.property(fc.constantFrom("127.0.0.1", "grpc.example.com", "localhost", "[::1]", "a_b-c.internal."), fc.integer({ min: -10, max: 70000 }), (host, port) => {
        expect(re.test(`${host}:${port}`)).toBe(port >= 1 && port <= 65535);
      }),
    );
    for (const s of ["grpc.example.com", ":443", "a..b:1", "host:0443", "https://h:1", "h:1/x"]) expect(re.test(s), s).toBe(false);
  });

  it("http(s) URL: a scheme of http or https, any case, and a host", () => {
    const re = new RegExp(HTTP_URL);
    for (const s of ["https://a.example", "http://localhost:8080/a?b#c", "HTTP://A"]) expect(re.test(s), s).toBe(true);
    for (const s of ["https://", "https:///a", "ftp://a", "https//a", "https://a b"]) expect(re.test(s), s).toBe(false);
  });
});

describe("the compiled formats state the published patterns", () => {
  it("grpc-target, http-url and uri-or-empty agree with the bundle's alternatives (property)", () => {
    const host = fc.oneof(fc.domain(), fc.ipV4(), fc.ipV6().map((a) => `[${a}]`), fc.constantFrom("localhost", "a_b", "h.", "-", "[zz]"));
    const port = fc.oneof(fc.integer({ min: -5, max: 70000 }).map(String), fc.constantFrom("", "0443", "abc"));
    const str = fc.oneof(
      fc.tuple(host, port).map(([h, p]) => `${h}:${p}`),
      fc.webUrl(),
      fc.tuple(fc.constantFrom("http", "HTTPS", "grpc", "dns", "ftp", "x1+"), fc.constantFrom("://", ":///", ":", "//"), fc.string({ maxLength: 30 })).map(([a, b, c]) => a + b + c),
      fc.string({ maxLength: 40 }),
      fc.constant(""),
    );
    const grpc = [new RegExp(HOST_PORT), new RegExp(WITH_AUTHORITY)] as const;
    const http = new RegExp(HTTP_URL);
    fc.assert(
      fc.property(str, (s) => {
        expect(isGrpcTarget(s), s).toBe(grpc[0].test(s) || (grpc[1].test(s) && isAbsoluteUri(s)));
        expect(isHttpUrl(s), s).toBe(http.test(s) && isAbsoluteUri(s));
        expect(isUriOrEmpty(s), s).toBe(s.length <= 0 || isAbsoluteUri(s));
      }),
      { numRuns: 5000 },
    );
  });
});
