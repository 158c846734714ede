declare module 'virtual:notices' {
  /** Each notice's HTML, rendered at build time from `config/notices/<id>.md`. */
  export const noticeHtml: Record<string, string>;
}
