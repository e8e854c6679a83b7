// Placeholder: the table and index editor
export function TableEditor() {
  return <div className="placeholder">TableEditor</div>;
}
