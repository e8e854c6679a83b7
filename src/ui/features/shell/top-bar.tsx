// Placeholder: the top bar (name, menus, save state, DynamoDB pill, Apply, Run, Export, theme)
export function TopBar() {
  return <div className="placeholder">TopBar</div>;
}
