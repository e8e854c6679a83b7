// Placeholder: the entity editor
export function EntityEditor() {
  return <div className="placeholder">EntityEditor</div>;
}
