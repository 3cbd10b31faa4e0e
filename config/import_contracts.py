"""An allow-list contract for import-linter (`make lint`): what one app may import of another.

import-linter's own contracts forbid what is named; a new module of `tournaments` would then be
open to every other app until someone remembered to forbid it. This contract turns it round: the
source apps may import from the target package only the modules of its public surface (its models,
enums, the rules core, each area's selectors and services, the signals and the plumbing that is
meant to be shared). Anything else is private until it is added to the list on purpose.

Configuration (pyproject.toml, `[[tool.importlinter.contracts]]`, `type = "allowlist"`):
    source_modules   the importers (as packages: every module below them)
    target_package   the package whose modules are protected
    allowed_modules  expressions of the public surface (`*` one level, `**` any depth)
    ignore_imports   (optional) import expressions that may break the rule, each with a reason
"""

from __future__ import annotations

from importlinter import Contract, ContractCheck, fields, output
from importlinter.application import contract_utils
from importlinter.domain import helpers


class AllowListContract(Contract):
    type_name = "allowlist"

    source_modules = fields.ListField(subfield=fields.ModuleExpressionField())
    target_package = fields.StringField()
    allowed_modules = fields.ListField(subfield=fields.ModuleExpressionField())
    ignore_imports = fields.SetField(subfield=fields.ImportExpressionField(), required=False)

    def check(self, graph, verbose: bool) -> ContractCheck:
        removal = contract_utils.remove_ignored_imports_and_report(
            graph=graph,
            ignore_imports=self.ignore_imports,
            unmatched_alerting=contract_utils.AlertLevel.ERROR,
        )
        target = self.target_package
        protected = {target} | graph.find_descendants(target)
        allowed = {
            module.name
            for module in helpers.module_expressions_to_modules(
                graph=graph, expressions=self.allowed_modules
            )
        }
        importers = {
            module.name
            for module in helpers.module_expressions_to_modules(
                graph=graph, expressions=self.source_modules, as_packages=True
            )
        } - protected
        illegal = []
        for importer in sorted(importers):
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                if imported in protected and imported not in allowed:
                    lines = [
                        detail["line_number"]
                        for detail in graph.get_import_details(importer=importer, imported=imported)
                    ]
                    illegal.append((importer, imported, lines))
        return ContractCheck(
            kept=not illegal,
            warnings=list(removal.warnings),
            ignored_import_count=removal.ignored_import_count,
            metadata={"illegal": illegal},
        )

    def render_broken_contract(self, check: ContractCheck) -> None:
        output.print_error(
            f"Imports of {self.target_package} outside its public surface:", bold=False
        )
        output.new_line()
        for importer, imported, lines in check.metadata["illegal"]:
            output.print_error(
                f"- {importer} -> {imported} (l.{', '.join(map(str, lines))})", bold=False
            )
        output.new_line()
        output.print(
            "Use the area's selectors or services, or make the module public on purpose by "
            "adding it to allowed_modules of this contract in pyproject.toml."
        )
