// Placeholder: table, indexes, entities and access patterns
export function Sidebar() {
  return <div className="placeholder">Sidebar</div>;
}
