/* The JSON API (docs/api.md), the only way the board talks to the engine. */

// The page's token: the service refuses a browser's request that changes anything without it (CSRF).
const CSRF = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";

export async function api(method, url, body) {
  const opts = {method, headers: {"Accept": "application/json"}, credentials: "same-origin"};
  if (method !== "GET") opts.headers["X-CSRFToken"] = CSRF;
  if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
  const resp = await fetch(url, opts);
  let data = null;
  try { data = await resp.json(); } catch (e) { data = {error: "bad-response", message: resp.statusText}; }
  return {ok: resp.ok, status: resp.status, data};
}
