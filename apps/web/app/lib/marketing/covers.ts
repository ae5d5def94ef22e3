/** Article covers: a local picture under `/covers/` (made by the product, or drawn as SVG); nothing is fetched. */
export function coverStyle(cover: string): { backgroundImage: string } {
  return { backgroundImage: `url("${cover}")` };
}
