import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import routes from "#app/routes.ts";
import { buildOpenApiDocument } from "#app/http/openapi/document.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const doc: Record<string, any> = buildOpenApiDocument("9.9.9");
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

/** Every route of app/routes.ts with its full path (children joined to their parent's). */
function flatten(entries: RouteEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

/** The JSON API as the route config declares it: files under routes/api/, the catch-all excepted. */
const apiRoutes = flatten(routes as RouteEntry[])
  .filter((route) => route.file.startsWith("routes/api/") && !route.path.includes("*"))
  .map((route) => ({ ...route, openApiPath: `/${route.path.replace(/:(\w+)/g, "{$1}")}` }));

function operations(): Array<{ path: string; method: string; operation: Record<string, any> }> {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] })),
  );
}

/** Follows a local JSON pointer (`#/components/...`), or fails the test. */
function resolveRef(pointer: string): unknown {
  expect(pointer.startsWith("#/"), `${pointer} is a local reference`).toBe(true);
  let node: unknown = doc;
  for (const raw of pointer.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    expect(node !== null && typeof node === "object" && key in (node as object), `${pointer} resolves`).toBe(true);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function deref<T>(value: T | { $ref: string }): T {
  return value && typeof value === "object" && "$ref" in value ? (resolveRef(value.$ref) as T) : (value as T);
}

function everyRef(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) everyRef(item, found);
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else everyRef(value, found);
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("has the top-level shape of OpenAPI 3.1", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe("string");
    expect(doc.info.title.length).toBeGreaterThan(0);
    expect(doc.info.version).toBe("9.9.9");
    expect(
      Object.keys(doc).every((key) =>
        ["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs"].includes(
          key,
        ),
      ),
    ).toBe(true);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("documents exactly the API routes of app/routes.ts, and they are 29 (route #16, DELETE, shares route #9's path; #18 and #19 share /api/round; an investor's intro paths are read and added at one, and one is moved and removed at another; deck links' four)", () => {
    expect(apiRoutes).toHaveLength(29);
    expect(Object.keys(doc.paths).sort()).toEqual(apiRoutes.map((route) => route.openApiPath).sort());
  });

  it("has well-formed path items, operations, parameters and responses", () => {
    const ids = new Set<string>();
    const tags = new Set((doc.tags as Array<{ name: string }>).map((tag) => tag.name));
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      expect(path).toMatch(/^\/[a-z0-9/{}_.-]*[^/]$/);
      for (const key of Object.keys(item)) {
        expect([...HTTP_METHODS, "summary", "description", "servers", "parameters", "$ref"]).toContain(key);
      }
    }
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(typeof operation.operationId, where).toBe("string");
      expect(ids.has(operation.operationId), `${where} has a unique operationId`).toBe(false);
      ids.add(operation.operationId);
      for (const tag of operation.tags ?? []) expect(tags.has(tag), `${where} tag ${tag}`).toBe(true);

      const parameters = (operation.parameters ?? []).map((parameter: object) => deref(parameter as Record<string, any>));
      for (const parameter of parameters) {
        expect(["query", "header", "path", "cookie"], where).toContain(parameter.in);
        expect(typeof parameter.name, where).toBe("string");
        expect(parameter.schema ?? parameter.content, `${where} parameter ${parameter.name} has a schema`).toBeDefined();
        if (parameter.in === "path") expect(parameter.required, `${where} path parameter is required`).toBe(true);
      }
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = parameters
        .filter((p: { in: string }) => p.in === "path")
        .map((p: { name: string }) => p.name)
        .sort();
      expect(declared, `${where} declares its path parameters`).toEqual(templated);

      if (operation.requestBody) {
        const body = deref(operation.requestBody) as Record<string, any>;
        expect(Object.keys(body.content).length, where).toBeGreaterThan(0);
        for (const media of Object.values(body.content) as Array<Record<string, unknown>>) expect(media.schema, where).toBeDefined();
      }

      const responses = Object.entries(operation.responses as Record<string, unknown>);
      expect(responses.length, where).toBeGreaterThan(0);
      expect(
        responses.some(([code]) => /^2\d\d$/.test(code)),
        `${where} has a success answer`,
      ).toBe(true);
      for (const [code, response] of responses) {
        expect(code, where).toMatch(/^([1-5](\d\d|XX)|default)$/);
        const resolved = deref(response as Record<string, any>);
        expect(typeof resolved.description, `${where} ${code} has a description`).toBe("string");
        for (const media of Object.values(resolved.content ?? {}) as Array<Record<string, unknown>>)
          expect(media.schema, `${where} ${code}`).toBeDefined();
      }
    }
  });

  it("names only declared security schemes, each well-formed", () => {
    const schemes = doc.components.securitySchemes as Record<string, Record<string, string>>;
    for (const [name, scheme] of Object.entries(schemes)) {
      expect(["apiKey", "http", "mutualTLS", "oauth2", "openIdConnect"], name).toContain(scheme.type);
      if (scheme.type === "apiKey") {
        expect(typeof scheme.name, name).toBe("string");
        expect(["query", "header", "cookie"], name).toContain(scheme.in);
      }
      if (scheme.type === "http") expect(typeof scheme.scheme, name).toBe("string");
    }
    for (const { path, method, operation } of operations()) {
      expect(Array.isArray(operation.security), `${method} ${path} says its credential`).toBe(true);
      for (const requirement of operation.security) {
        for (const name of Object.keys(requirement)) expect(Object.keys(schemes), `${method} ${path}`).toContain(name);
      }
    }
  });

  it("gives every operation the errors its method and credential bring", () => {
    const codes = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
    expect(codes("/api/health", "get")).toEqual(["200", "405", "503"]);
    expect(codes("/api/cron/digest", "get")).toEqual(["200", "401", "405", "503"]);
    expect(codes("/api/search-feed", "get")).toEqual(["200", "304", "400", "401", "405", "429", "503"]);
    expect(codes("/api/rescore", "post")).toEqual(["200", "400", "401", "403", "405", "413", "415", "503", "507"]);
    expect(codes("/api/refresh/continue", "post")).toEqual([
      "200",
      "202",
      "400",
      "401",
      "403",
      "404",
      "405",
      "409",
      "413",
      "415",
      "503",
      "507",
    ]);
    expect(codes("/api/startups/{id}", "delete")).toEqual(["200", "400", "401", "403", "404", "405", "413", "415", "429", "503", "507"]);
    expect(codes("/api/demo/reset", "post")).toEqual(["200", "400", "403", "405", "413", "415", "429", "503", "507"]);
    for (const { path, method, operation } of operations()) {
      const refs = Object.fromEntries(
        Object.entries(operation.responses as Record<string, { $ref?: string }>).map(([code, r]) => [code, r.$ref]),
      );
      expect(refs["405"], `${method} ${path}`).toBe("#/components/responses/MethodNotAllowed");
      // The storage's answers (decision 058): every write may find the disk full.
      if (method !== "get") expect(refs["507"], `${method} ${path}`).toBe("#/components/responses/StorageFull");
      if (method !== "get") expect(refs["403"], `${method} ${path}`).toBe("#/components/responses/ForeignOrigin");
      if (operation.security.length > 0) expect(refs["401"], `${method} ${path}`).toBe("#/components/responses/Unauthorized");
    }
  });

  it("resolves every $ref", () => {
    const refs = everyRef(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const pointer of refs) expect(resolveRef(pointer)).toBeDefined();
  });

  it("describes each request body with z.toJSONSchema of the schema its route parses", async () => {
    let checked = 0;
    for (const route of apiRoutes) {
      const file = join(ROOT, "app", route.file);
      const source = readFileSync(file, "utf8");
      const item = doc.paths[route.openApiPath] as Record<string, any>;
      const documented = HTTP_METHODS.filter((method) => item[method]);
      // One operation per path, but for route #9's path, where DELETE (route #16, no body) sits beside PATCH.
      expect(documented, route.openApiPath).toHaveLength(
        ["/api/investors/{id}", "/api/round", "/api/investors/{id}/intro-paths", "/api/intro-paths/{id}"].includes(route.openApiPath)
          ? 2
          : 1,
      );
      const operation = item[documented.find((method) => item[method].requestBody) ?? documented[0]!];

      const parsed = /readJsonBody\(request, (\w+)\)/.exec(source);
      if (!parsed) {
        expect(operation.requestBody, `${route.openApiPath} takes no body`).toBeUndefined();
        continue;
      }
      const name = parsed[1]!;
      const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "([^"]+)"`).exec(source);
      expect(from, `${route.file} imports ${name}`).not.toBeNull();
      // A schema defined in the route itself could not be shared with the pure document.
      expect(from![1], `${route.file} takes ${name} from app/domain`).toMatch(/\/domain\/[\w/-]+\.ts$/);
      const module = await import(pathToFileURL(resolve(dirname(file), from![1]!)).href);
      const schema = module[name] as z.ZodType;
      expect(schema, `${name} is exported`).toBeInstanceOf(z.ZodType);
      expect(operation.requestBody?.content?.["application/json"]?.schema, route.openApiPath).toEqual(
        z.toJSONSchema(schema, { io: "input" }),
      );
      checked++;
    }
    expect(checked).toBe(12);
  });

  it("is built by a module the browser could load: it imports no server module", () => {
    const folder = join(ROOT, "app/http/openapi");
    const files = readdirSync(folder).filter((name) => name.endsWith(".ts"));
    expect(files).toContain("document.ts");
    const source = files.map((name) => readFileSync(join(folder, name), "utf8")).join("\n");
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const path of imports) expect(path).not.toMatch(/\.server(\.ts)?$|#db\//);
  });
});
