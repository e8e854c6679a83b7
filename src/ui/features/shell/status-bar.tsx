// Placeholder: the status bar (counts, DynamoDB Local state, problems)
export function StatusBar() {
  return <div className="placeholder">StatusBar</div>;
}
