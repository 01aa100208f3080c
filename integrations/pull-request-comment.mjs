// The GitHub Action's sticky comment (integrations/github-action.sh, input `mode: diff`): puts the Markdown file
// given on the pull request of the event, as one comment that each run updates rather than adds to. The comment
// is found by the marker on its first line. Reads GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_EVENT_PATH and the
// token in MAILROOM_TOKEN. Prints what it did; exits 1 with the API's answer when GitHub refuses.
import { readFileSync } from "node:fs";

const MARKER = "<!-- mailroom-diff -->";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

async function main() {
  const event = JSON.parse(readFileSync(env("GITHUB_EVENT_PATH"), "utf8"));
  const number = event.pull_request?.number ?? event.issue?.number;
  if (typeof number !== "number") {
    console.log("Not a pull request's event: no comment written.");
    return 0;
  }
  const api = (process.env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, "");
  const repository = env("GITHUB_REPOSITORY");
  const headers = {
    accept: "application/vnd.github+json",
    authorization: `Bearer ${env("MAILROOM_TOKEN")}`,
    "content-type": "application/json",
    "user-agent": "mailroom-action",
    "x-github-api-version": "2022-11-28",
  };
  const call = async (method, path, body) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`GitHub answered ${method} ${path} with ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };

  const body = `${MARKER}\n${readFileSync(process.argv[2], "utf8")}`;
  // Comments come a page at a time; the first one with the marker is the sticky one.
  for (let page = 1; ; page++) {
    const comments = await call("GET", `/repos/${repository}/issues/${number}/comments?per_page=100&page=${page}`);
    const sticky = comments.find((c) => typeof c.body === "string" && c.body.startsWith(MARKER));
    if (sticky) {
      await call("PATCH", `/repos/${repository}/issues/comments/${sticky.id}`, { body });
      console.log(`Updated the comment on pull request #${number}.`);
      return 0;
    }
    if (comments.length < 100) break;
  }
  await call("POST", `/repos/${repository}/issues/${number}/comments`, { body });
  console.log(`Commented on pull request #${number}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
