/**
 * Reads an llms.txt by the structure llmstxt.org gives it: one H1, a blockquote summary, free
 * paragraphs, then H2 sections of `- [name](url): notes` lines. Anything else inside a section
 * is returned in `stray`, so a test can require there is none.
 */
export interface LlmsTxt {
  readonly title: string | undefined;
  readonly summary: string | undefined;
  readonly sections: { readonly title: string; readonly links: { readonly name: string; readonly url: string; readonly notes: string }[] }[];
  readonly stray: string[];
  readonly h1Count: number;
}

const LINK = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/;

export function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split("\n");
  const sections: { title: string; links: { name: string; url: string; notes: string }[] }[] = [];
  const stray: string[] = [];
  const title = lines[0]?.startsWith("# ") ? lines[0].slice(2) : undefined;
  const firstContent = lines.slice(1).find((line) => line.trim() !== "");
  const summary = firstContent?.startsWith("> ") ? firstContent.slice(2) : undefined;
  for (const line of lines) {
    if (line.startsWith("## ")) sections.push({ title: line.slice(3), links: [] });
    else if (sections.length > 0 && line.trim() !== "") {
      const match = LINK.exec(line);
      if (match) sections.at(-1)!.links.push({ name: match[1]!, url: match[2]!, notes: match[3] ?? "" });
      else stray.push(line);
    }
  }
  return { title, summary, sections, stray, h1Count: lines.filter((line) => /^# /.test(line)).length };
}
