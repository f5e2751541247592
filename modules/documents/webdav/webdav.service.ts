import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import type { Config } from "../../../shared/config.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { type Access, atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { type FileRow, findFile } from "../files/files.repo.ts";
import {
  deleteFile,
  openForRead,
  patchFile,
  uploadFiles,
  uploadVersion,
} from "../files/files.service.ts";
import { fileResponse } from "../files/download.lib.ts";
import { createFolder, trashFolder, updateFolderMeta } from "../folders/folders.service.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { storage } from "../storage/storage.lib.ts";
import {
  attachLocks,
  copyDeadProps,
  deadProps,
  deleteLock,
  dropLocksUnder,
  fileIdByName,
  filesOf,
  insertLock,
  type ListedFile,
  lockByToken,
  type LockRow,
  locksAround,
  refreshLock,
  removeDeadProp,
  setDeadProp,
} from "./webdav.repo.ts";
import {
  child,
  DAV,
  type Depth,
  emptyProp,
  escapeXml,
  hrefOf,
  httpDate,
  ifHolds,
  type IfList,
  lockCovers,
  lockPath,
  parseDepth,
  parseIf,
  parseOverwrite,
  parseTimeout,
  parseXml,
  pathSegments,
  standalone,
  submittedTokens,
  type XmlElement,
  XmlError,
} from "./webdav.rules.ts";
import {
  activeLockXml,
  davError,
  empty,
  type PropStat,
  responseXml,
  SUPPORTED_LOCK,
  xmlResponse,
} from "./webdav.lib.ts";
import { multistatus } from "./webdav.lib.ts";

/** One WebDAV request: who calls, how to reach the database, where the workspace root is. */
export interface DavRequest {
  req: Request;
  session: Session;
  bus: Bus;
  config: Config;
  scope: <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;
  /** The workspace in the URL. */
  workspace: string;
  /** The path below /dav/<workspace>, still percent-encoded. */
  rest: string;
}

type Target =
  | { kind: "root"; names: string[] }
  | { kind: "folder"; names: string[]; id: string }
  | { kind: "file"; names: string[]; file: FileRow }
  | { kind: "missing"; names: string[]; parent: string | null | undefined };

const isCollection = (t: Target) => t.kind === "root" || t.kind === "folder";
const folderIdOf = (t: Target) => (t.kind === "folder" ? t.id : null);

/** Walks names from the root through visible live folders to a folder, a file or nothing. */
async function resolve(tx: Sql, access: Access, names: string[]): Promise<Target> {
  let parent: string | null = null;
  for (let i = 0; i < names.length; i++) {
    const name = names[i].toLowerCase();
    const last = i === names.length - 1;
    const folder = [...access.folders.values()].find((f) =>
      f.parentId === parent && !f.deletedAt && f.name.toLowerCase() === name &&
      atLeast(access.folder(f.id), "view")
    );
    if (folder) {
      parent = folder.id;
      continue;
    }
    if (!last) return { kind: "missing", names, parent: undefined };
    const id = await fileIdByName(tx, parent, names[i]);
    const file = id ? await findFile(tx, id) : null;
    if (file && atLeast(access.file(file), "view")) return { kind: "file", names, file };
    return { kind: "missing", names, parent };
  }
  return parent ? { kind: "folder", names, id: parent } : { kind: "root", names };
}

class Dav {
  readonly base: string;
  readonly ifLists: IfList[] | null;
  constructor(readonly r: DavRequest) {
    this.base = `/dav/${encodeURIComponent(r.workspace)}/`;
    const h = r.req.headers.get("if");
    this.ifLists = h ? parseIf(h) : null;
  }
  actor(tx: Sql): Actor {
    return { sql: tx, session: this.r.session, bus: this.r.bus };
  }
  header(name: string) {
    return this.r.req.headers.get(name) ?? undefined;
  }
  href(t: { names: string[] }, collection: boolean) {
    return hrefOf(this.base, t.names, collection);
  }
  async target(tx: Sql, names: string[]) {
    const access = await loadAccess({ sql: tx, session: this.r.session });
    return { access, target: await resolve(tx, access, names) };
  }
  etagOf(t: Target) {
    return t.kind === "file" ? etag(t.file.sha256) : null;
  }

  /** The If header holds for the resources it names (412 otherwise). */
  async checkIf(tx: Sql, access: Access, t: Target) {
    if (!this.ifLists) return;
    const states = new Map<string | undefined, { etag: string | null; tokens: string[] }>();
    for (const l of this.ifLists) {
      if (states.has(l.resource)) continue;
      let target = t;
      if (l.resource !== undefined) {
        const names = this.namesOfUrl(l.resource);
        target = names
          ? await resolve(tx, access, names)
          : { kind: "missing", names: [], parent: undefined };
      }
      const path = lockPath(target.names);
      const tokens = (await locksAround(tx, path, false))
        .filter((k) => lockCovers(k, path)).map((k) => k.token);
      states.set(l.resource, { etag: this.etagOf(target), tokens });
    }
    if (!ifHolds(this.ifLists, (res) => states.get(res)!)) throw new Answer(empty(412));
  }

  /** Locks on the path (and below, for collections) need their tokens from their holder. */
  async checkLocks(tx: Sql, names: string[], below: boolean) {
    const path = lockPath(names);
    const locks = (await locksAround(tx, path, below))
      .filter((k) =>
        lockCovers(k, path) || (below && lockCovers({ path, infinite: true }, k.path))
      );
    const sent = new Set(submittedTokens(this.ifLists));
    const mine = (k: LockRow) => sent.has(k.token) && k.userId === this.r.session.userId;
    const blocking = locks.find((k) => k.exclusive && !mine(k)) ??
      (locks.some((k) => !k.exclusive) && !locks.some((k) => !k.exclusive && mine(k))
        ? locks.find((k) => !k.exclusive)
        : undefined);
    if (blocking) {
      throw new Answer(
        davError(
          423,
          "lock-token-submitted",
          `<D:href>${escapeXml(this.base + blocking.path.slice(1))}</D:href>`,
        ),
      );
    }
  }

  namesOfUrl(url: string): string[] | null {
    let path: string;
    try {
      path = new URL(url, this.r.req.url).pathname;
    } catch {
      return null;
    }
    if (!path.startsWith(this.base) && path + "/" !== this.base) return null;
    return pathSegments(path.slice(this.base.length));
  }

  names(): string[] {
    const names = pathSegments(this.r.rest);
    if (!names) throw new Answer(empty(400));
    return names;
  }

  options() {
    return empty(200, {
      DAV: "1, 2",
      "MS-Author-Via": "DAV",
      Allow:
        "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK",
    });
  }

  async get() {
    const names = this.names();
    const t = await this.r.scope(async (tx) => (await this.target(tx, names)).target);
    if (t.kind === "missing") return empty(404);
    if (t.kind !== "file") {
      const listing = await this.r.scope(async (tx) => {
        const access = await loadAccess({ sql: tx, session: this.r.session });
        const id = folderIdOf(t);
        const folders = [...access.folders.values()].filter((f) =>
          f.parentId === id && !f.deletedAt && atLeast(access.folder(f.id), "view")
        ).map((f) => f.name + "/");
        const files = (await filesOf(tx, id)).filter((f) => atLeast(access.file(f), "view"))
          .map((f) => f.name);
        return [...folders, ...files].join("\n");
      });
      return new Response(this.r.req.method === "HEAD" ? null : listing, {
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    const tag = etag(t.file.sha256);
    const headers = { ETag: tag, "Last-Modified": httpDate(t.file.updatedAt) };
    if (this.header("if-none-match") === tag) return empty(304, headers);
    const f = await this.r.scope((tx) =>
      openForRead(this.actor(tx), { id: t.file.id, action: "downloaded" })
    );
    const res = await fileResponse(this.r.req, f);
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  }

  async put() {
    const names = this.names();
    if (!names.length) return empty(405);
    const t = await this.r.scope(async (tx) => {
      const { access, target } = await this.target(tx, names);
      await this.checkIf(tx, access, target);
      await this.checkLocks(tx, names, false);
      return target;
    });
    if (isCollection(t)) return empty(405);
    if (t.kind === "missing" && t.parent === undefined) return empty(409);
    const upload = {
      request: this.r.req,
      scope: this.r.scope,
      config: this.r.config,
      raw: { name: names[names.length - 1], contentType: this.header("content-type") },
    };
    try {
      if (t.kind === "file") {
        await uploadVersion(this.actor(null as unknown as Sql), { upload, id: t.file.id });
        return empty(204, { ETag: etag(await this.shaAfter(t.file.id)) });
      }
      const folderId = t.kind === "missing" ? t.parent ?? null : null;
      const { items } = await uploadFiles(this.actor(null as unknown as Sql), { upload, folderId });
      await this.r.scope((tx) => attachLocks(tx, lockPath(names), items[0].id));
      return empty(201, { ETag: etag(items[0].sha256) });
    } catch (err) {
      if (err instanceof Problem && err.status === 422) return empty(507);
      throw err;
    }
  }

  async shaAfter(id: string) {
    const f = await this.r.scope((tx) => findFile(tx, id));
    return f?.sha256 ?? "";
  }

  async mkcol() {
    const names = this.names();
    const body = await this.r.req.arrayBuffer();
    if (body.byteLength) return empty(415);
    return await this.r.scope(async (tx) => {
      const { access, target } = await this.target(tx, names);
      if (target.kind !== "missing") return empty(405);
      if (target.parent === undefined) return empty(409);
      await this.checkIf(tx, access, target);
      await this.checkLocks(tx, names, false);
      await createFolder(this.actor(tx), {
        name: names[names.length - 1],
        parentId: target.parent,
      });
      return empty(201);
    });
  }

  async delete() {
    const names = this.names();
    return await this.r.scope(async (tx) => {
      const { access, target } = await this.target(tx, names);
      if (target.kind === "missing") return empty(404);
      if (target.kind === "root") return empty(403);
      await this.checkIf(tx, access, target);
      await this.checkLocks(tx, names, target.kind === "folder");
      await this.remove(tx, target);
      return empty(204);
    });
  }

  async remove(tx: Sql, t: Target) {
    if (t.kind === "file") await deleteFile(this.actor(tx), t.file.id);
    else if (t.kind === "folder") await trashFolder(this.actor(tx), t.id);
    await dropLocksUnder(tx, lockPath(t.names));
  }

  async copyOrMove(move: boolean) {
    const names = this.names();
    const destHeader = this.header("destination");
    if (!destHeader) return empty(400);
    const dest = this.namesOfUrl(destHeader);
    if (!dest) return empty(502);
    if (!dest.length) return empty(403);
    const overwrite = parseOverwrite(this.header("overwrite"));
    if (overwrite === null) return empty(400);
    const depth = parseDepth(this.header("depth"), "infinity");
    if (depth === null || depth === "1" || (move && depth !== "infinity")) return empty(400);
    if (lockPath(names) === lockPath(dest)) return empty(403);
    return await this.r.scope(async (tx) => {
      const { access, target: src } = await this.target(tx, names);
      if (src.kind === "missing") return empty(404);
      if (src.kind === "root") return empty(403);
      if (isCollection(src) && lockPath(dest).startsWith(lockPath(names) + "/")) {
        return empty(403);
      }
      await this.checkIf(tx, access, src);
      if (move) await this.checkLocks(tx, names, true);
      const dst = await resolve(tx, access, dest);
      if (dst.kind === "missing" && dst.parent === undefined) return empty(409);
      await this.checkLocks(tx, dest, true);
      const existed = dst.kind !== "missing";
      const parent = folderIdOf(await resolve(tx, access, dest.slice(0, -1)));
      if (existed) {
        if (!overwrite) return empty(412);
        await this.remove(tx, dst);
      }
      const name = dest[dest.length - 1];
      if (move) {
        if (src.kind === "file") {
          await patchFile(this.actor(tx), { id: src.file.id, patch: { name, folderId: parent } });
        } else if (src.kind === "folder") {
          await updateFolderMeta(this.actor(tx), { id: src.id, patch: { name, parentId: parent } });
        }
        await dropLocksUnder(tx, lockPath(names));
      } else {
        await this.copy(tx, access, src, parent, name, depth === "infinity");
      }
      return empty(existed ? 204 : 201);
    });
  }

  async copy(
    tx: Sql,
    access: Access,
    src: Target,
    parent: string | null,
    name: string,
    deep: boolean,
  ) {
    if (src.kind === "file") {
      const bytes = await storage().get(src.file.storageKey);
      const request = new Request("http://copy.invalid/", { method: "PUT", body: bytes });
      const { items } = await uploadFiles(this.actor(tx), {
        upload: {
          request,
          scope: (fn) => fn(tx),
          config: this.r.config,
          raw: { name, contentType: src.file.contentType },
        },
        folderId: parent,
      });
      await copyDeadProps(tx, "file", src.file.id, items[0].id);
      return;
    }
    if (src.kind !== "folder") return;
    const made = await createFolder(this.actor(tx), { name, parentId: parent });
    await copyDeadProps(tx, "folder", src.id, made.id);
    if (!deep) return;
    for (const f of [...access.folders.values()]) {
      if (f.parentId !== src.id || f.deletedAt || !atLeast(access.folder(f.id), "view")) continue;
      await this.copy(tx, access, { kind: "folder", names: [], id: f.id }, made.id, f.name, true);
    }
    for (const f of await filesOf(tx, src.id)) {
      if (!atLeast(access.file(f), "view")) continue;
      const file = (await findFile(tx, f.id))!;
      await this.copy(tx, access, { kind: "file", names: [], file }, made.id, f.name, true);
    }
  }

  async body(): Promise<XmlElement | null> {
    const text = await this.r.req.text();
    if (!text.trim()) return null;
    try {
      return parseXml(text);
    } catch (err) {
      if (err instanceof XmlError) throw new Answer(empty(400));
      throw err;
    }
  }

  async propfind() {
    const names = this.names();
    const depth = parseDepth(this.header("depth"), "infinity");
    if (depth === null) return empty(400);
    if (depth === "infinity") return davError(403, "propfind-finite-depth");
    const doc = await this.body();
    if (doc && (doc.ns !== DAV || doc.name !== "propfind")) return empty(400);
    const mode = !doc || child(doc, "allprop") ? "all" : child(doc, "propname") ? "names" : "prop";
    const wanted = mode === "prop" ? child(doc!, "prop")?.children ?? null : [];
    if (wanted === null) return empty(400);
    return await this.r.scope(async (tx) => {
      const { access, target } = await this.target(tx, names);
      if (target.kind === "missing") return empty(404);
      const items: Item[] = [this.itemOf(access, target)];
      if (depth === "1" && isCollection(target)) {
        items.push(...await this.children(tx, access, target));
      }
      const props = await this.deadPropsOf(tx, items);
      const locks = await locksAround(tx, lockPath(target.names), depth === "1");
      const quota = items.some((i) => i.collection) ? await this.quota(tx) : null;
      const responses = items.map((i) => {
        const live = this.liveProps(i, locks, quota);
        const dead = props.get(i.id ?? "") ?? [];
        if (mode === "names") {
          const all = [...live.keys()].filter((k) => !QUOTA.has(k)).map((k) => emptyProp(DAV, k))
            .concat(dead.map((d) => emptyProp(d.ns, d.name)));
          return responseXml(i.href, [{ status: 200, props: all }]);
        }
        if (mode === "all") {
          const all = [...live].filter(([k]) => !QUOTA.has(k)).map(([, v]) => v)
            .concat(dead.map((d) => d.value));
          return responseXml(i.href, [{ status: 200, props: all }]);
        }
        const found: string[] = [];
        const missing: string[] = [];
        for (const w of wanted) {
          const v = w.ns === DAV ? live.get(w.name) : undefined;
          const d = dead.find((p) => p.ns === w.ns && p.name === w.name);
          if (v) found.push(v);
          else if (d) found.push(d.value);
          else missing.push(emptyProp(w.ns, w.name));
        }
        return responseXml(i.href, [{ status: 200, props: found }, {
          status: 404,
          props: missing,
        }]);
      });
      return multistatus(responses);
    });
  }

  async quota(tx: Sql) {
    const [settings, used] = await Promise.all([loadSettings({ sql: tx }), usedBytes({ sql: tx })]);
    return { used, available: Math.max(0, settings.quotaBytes - used) };
  }

  itemOf(access: Access, t: Target): Item {
    if (t.kind === "file") return fileItem(this.href(t, false), t.file, lockPath(t.names));
    if (t.kind === "folder") {
      const node = access.folders.get(t.id)!;
      return {
        kind: "folder",
        id: t.id,
        href: this.href(t, true),
        name: node.name,
        collection: true,
        path: lockPath(t.names),
      };
    }
    return {
      kind: "folder",
      id: null,
      href: this.href(t, true),
      name: "",
      collection: true,
      path: "/",
    };
  }

  async children(tx: Sql, access: Access, t: Target): Promise<Item[]> {
    const id = folderIdOf(t);
    const folders = [...access.folders.values()].filter((f) =>
      f.parentId === id && !f.deletedAt && atLeast(access.folder(f.id), "view")
    ).map((f): Item => {
      const names = [...t.names, f.name];
      return {
        kind: "folder",
        id: f.id,
        href: hrefOf(this.base, names, true),
        name: f.name,
        collection: true,
        path: lockPath(names),
      };
    });
    const files = (await filesOf(tx, id)).filter((f) => atLeast(access.file(f), "view"))
      .map((f) =>
        fileItem(hrefOf(this.base, [...t.names, f.name], false), f, lockPath([...t.names, f.name]))
      );
    return [...folders, ...files];
  }

  async deadPropsOf(tx: Sql, items: Item[]) {
    const by = new Map<string, { ns: string; name: string; value: string }[]>();
    const files = items.filter((i) => i.kind === "file" && i.id).map((i) => i.id!);
    const folders = items.filter((i) => i.kind === "folder" && i.id).map((i) => i.id!);
    for (
      const p of [...await deadProps(tx, "file", files), ...await deadProps(tx, "folder", folders)]
    ) {
      by.set(p.objectId, [...(by.get(p.objectId) ?? []), p]);
    }
    return by;
  }

  liveProps(i: Item, locks: LockRow[], quota: { used: number; available: number } | null) {
    const m = new Map<string, string>();
    m.set(
      "resourcetype",
      i.collection ? "<D:resourcetype><D:collection/></D:resourcetype>" : "<D:resourcetype/>",
    );
    m.set("displayname", `<D:displayname>${escapeXml(i.name)}</D:displayname>`);
    if (i.file) {
      m.set("getcontentlength", `<D:getcontentlength>${i.file.size}</D:getcontentlength>`);
      m.set(
        "getcontenttype",
        `<D:getcontenttype>${escapeXml(i.file.contentType)}</D:getcontenttype>`,
      );
      m.set("getetag", `<D:getetag>${etag(i.file.sha256)}</D:getetag>`);
      m.set(
        "getlastmodified",
        `<D:getlastmodified>${httpDate(i.file.updatedAt)}</D:getlastmodified>`,
      );
      m.set(
        "creationdate",
        `<D:creationdate>${new Date(i.file.createdAt).toISOString()}</D:creationdate>`,
      );
    }
    m.set("supportedlock", SUPPORTED_LOCK);
    const active = locks.filter((k) => lockCovers(k, i.path)).map((k) =>
      activeLockXml({ ...k, root: this.base + k.path.slice(1) })
    );
    m.set("lockdiscovery", `<D:lockdiscovery>${active.join("")}</D:lockdiscovery>`);
    if (i.collection && quota) {
      m.set(
        "quota-available-bytes",
        `<D:quota-available-bytes>${quota.available}</D:quota-available-bytes>`,
      );
      m.set("quota-used-bytes", `<D:quota-used-bytes>${quota.used}</D:quota-used-bytes>`);
    }
    return m;
  }

  async proppatch() {
    const names = this.names();
    const doc = await this.body();
    if (!doc || doc.ns !== DAV || doc.name !== "propertyupdate") return empty(400);
    const ops: { set: boolean; el: XmlElement }[] = [];
    for (const c of doc.children) {
      if (c.ns !== DAV || (c.name !== "set" && c.name !== "remove")) continue;
      for (const p of child(c, "prop")?.children ?? []) ops.push({ set: c.name === "set", el: p });
    }
    return await this.r.scope(async (tx) => {
      const { access, target } = await this.target(tx, names);
      if (target.kind === "missing") return empty(404);
      await this.checkIf(tx, access, target);
      await this.checkLocks(tx, names, false);
      const level = target.kind === "file"
        ? access.file(target.file)
        : access.folder(folderIdOf(target));
      const href = this.href(target, isCollection(target));
      const objectId = target.kind === "file" ? target.file.id : folderIdOf(target);
      const blocked = ops.filter((o) => o.el.ns === DAV);
      const refused = !atLeast(level, "edit") || !objectId;
      if (refused || blocked.length) {
        const stats: PropStat[] = [
          {
            status: 403,
            props: (refused ? ops : blocked).map((o) => emptyProp(o.el.ns, o.el.name)),
          },
          {
            status: 424,
            props: refused
              ? []
              : ops.filter((o) => o.el.ns !== DAV).map((o) => emptyProp(o.el.ns, o.el.name)),
          },
        ];
        return multistatus([responseXml(href, stats)]);
      }
      const type = target.kind === "file" ? "file" : "folder";
      for (const o of ops) {
        if (o.set) {
          await setDeadProp(tx, type, objectId, {
            ns: o.el.ns,
            name: o.el.name,
            value: standalone(o.el),
          });
        } else await removeDeadProp(tx, type, objectId, { ns: o.el.ns, name: o.el.name });
      }
      return multistatus([
        responseXml(href, [{ status: 200, props: ops.map((o) => emptyProp(o.el.ns, o.el.name)) }]),
      ]);
    });
  }

  async lock() {
    const names = this.names();
    const doc = await this.body();
    const seconds = parseTimeout(this.header("timeout"));
    const path = lockPath(names);
    if (!doc) return await this.refresh(names, seconds);
    if (doc.ns !== DAV || doc.name !== "lockinfo") return empty(400);
    const scope = child(doc, "lockscope");
    const exclusive = !!(scope && child(scope, "exclusive"));
    if (!scope || (!exclusive && !child(scope, "shared"))) return empty(400);
    const depth = parseDepth(this.header("depth"), "infinity");
    if (depth === null || depth === "1") return empty(400);
    const ownerEl = child(doc, "owner");
    const ownerXml = ownerEl ? innerXml(ownerEl) : null;
    const { t, created } = await this.r.scope(async (tx) => {
      const { access, target } = await this.target(tx, names);
      if (target.kind === "missing" && target.parent === undefined) throw new Answer(empty(409));
      await this.checkIf(tx, access, target);
      const level = target.kind === "file"
        ? access.file(target.file)
        : access.folder(target.kind === "missing" ? target.parent ?? null : folderIdOf(target));
      if (!atLeast(level, "edit")) throw new Answer(empty(403));
      const around = await locksAround(tx, path, depth === "infinity");
      const clash = around.filter((k) =>
        lockCovers(k, path) ||
        (depth === "infinity" && lockCovers({ path, infinite: true }, k.path))
      );
      if (clash.some((k) => k.exclusive) || (exclusive && clash.length)) {
        throw new Answer(davError(423, "no-conflicting-lock"));
      }
      return { t: target, created: target.kind === "missing" };
    });
    let fileId = t.kind === "file" ? t.file.id : null;
    if (created) {
      const request = new Request("http://lock.invalid/", { method: "PUT", body: "" });
      const { items } = await uploadFiles(this.actor(null as unknown as Sql), {
        upload: {
          request,
          scope: this.r.scope,
          config: this.r.config,
          raw: { name: names[names.length - 1] },
        },
        folderId: t.kind === "missing" ? t.parent ?? null : null,
      });
      fileId = items[0].id;
    }
    const token = `opaquelocktoken:${crypto.randomUUID()}`;
    await this.r.scope((tx) =>
      insertLock(tx, {
        token,
        path,
        fileId,
        exclusive,
        infinite: depth === "infinity",
        ownerXml,
        timeoutSeconds: seconds,
      })
    );
    const xml = activeLockXml({
      token,
      exclusive,
      infinite: depth === "infinity",
      ownerXml,
      timeoutSeconds: seconds,
      root: this.href({ names }, isCollection(t)),
    });
    return xmlResponse(
      created ? 201 : 200,
      `<D:prop xmlns:D="DAV:"><D:lockdiscovery>${xml}</D:lockdiscovery></D:prop>`,
      { "Lock-Token": `<${token}>` },
    );
  }

  async refresh(names: string[], seconds: number) {
    const tokens = submittedTokens(this.ifLists);
    if (!tokens.length) return empty(400);
    return await this.r.scope(async (tx) => {
      const path = lockPath(names);
      const locks = (await locksAround(tx, path, false)).filter((k) => lockCovers(k, path));
      const lock = locks.find((k) => tokens.includes(k.token));
      if (!lock) return empty(412);
      if (lock.userId !== this.r.session.userId) return empty(403);
      await refreshLock(tx, lock.token, seconds);
      const xml = activeLockXml({
        ...lock,
        timeoutSeconds: seconds,
        root: this.base + lock.path.slice(1),
      });
      return xmlResponse(
        200,
        `<D:prop xmlns:D="DAV:"><D:lockdiscovery>${xml}</D:lockdiscovery></D:prop>`,
      );
    });
  }

  async unlock() {
    const names = this.names();
    const m = /^\s*<([^>]+)>\s*$/.exec(this.header("lock-token") ?? "");
    if (!m) return empty(400);
    return await this.r.scope(async (tx) => {
      const lock = await lockByToken(tx, m[1]);
      if (!lock || !lockCovers(lock, lockPath(names))) {
        return davError(409, "lock-token-matches-request-uri");
      }
      if (lock.userId !== this.r.session.userId) return empty(403);
      await deleteLock(tx, lock.token);
      return empty(204);
    });
  }
}

/**
 * A file's entity tag: the first 128 bits of its SHA-256. Short, because clients echo it in `If`
 * headers next to lock tokens and some (litmus) cut those headers at 200 characters.
 */
const etag = (sha256: string) => `"${sha256.slice(0, 32)}"`;

const QUOTA = new Set(["quota-available-bytes", "quota-used-bytes"]);

interface Item {
  kind: "file" | "folder";
  id: string | null;
  href: string;
  name: string;
  collection: boolean;
  path: string;
  file?: ListedFile;
}

function fileItem(href: string, f: ListedFile, path = ""): Item {
  return { kind: "file", id: f.id, href, name: f.name, collection: false, path, file: f };
}

/** The content of an element (the owner of a lock), namespaces declared on each child. */
function innerXml(el: XmlElement): string {
  if (!el.children.length) return escapeXml(el.text);
  return el.children.map(standalone).join("");
}

/** A finished response thrown from deep inside (a failed precondition). */
class Answer extends Error {
  constructor(readonly response: Response) {
    super("answer");
  }
}

const STATUS_OF_PROBLEM: Record<number, number> = { 422: 409 };

/** Serves one WebDAV request; problems become bare statuses (clients read only the code). */
export async function serveDav(r: DavRequest): Promise<Response> {
  if (r.workspace !== r.session.tenantSlug) return empty(404);
  const dav = new Dav(r);
  if (r.req.headers.get("if") && !dav.ifLists) return empty(400);
  try {
    switch (r.req.method) {
      case "OPTIONS":
        return dav.options();
      case "GET":
      case "HEAD":
        return await dav.get();
      case "PUT":
        return await dav.put();
      case "MKCOL":
        return await dav.mkcol();
      case "DELETE":
        return await dav.delete();
      case "COPY":
        return await dav.copyOrMove(false);
      case "MOVE":
        return await dav.copyOrMove(true);
      case "PROPFIND":
        return await dav.propfind();
      case "PROPPATCH":
        return await dav.proppatch();
      case "LOCK":
        return await dav.lock();
      case "UNLOCK":
        return await dav.unlock();
      default:
        return empty(405);
    }
  } catch (err) {
    if (err instanceof Answer) return err.response;
    if (err instanceof Problem) return empty(STATUS_OF_PROBLEM[err.status] ?? err.status);
    throw err;
  }
}

export type { Depth };
