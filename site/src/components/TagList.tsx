/** Keywords of a page (tags, expertise) as a list. */
export function TagList({ tags, label }: { tags: readonly string[]; label: string }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}
