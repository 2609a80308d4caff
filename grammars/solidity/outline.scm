; Solidity outline query. Captures: see src/core/outline/extract.ts.
; Contracts (class), interfaces, libraries (module) hold their members: `Token.transfer`.
(contract_declaration name: (identifier) @name body: (contract_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (contract_body) @body) @definition.interface
(library_declaration name: (identifier) @name body: (contract_body) @body) @definition.module
(struct_declaration name: (identifier) @name body: (struct_body) @body) @definition.struct
(struct_member name: (identifier) @name) @definition.field
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(enum_value) @name @definition.constant
(function_definition name: (identifier) @name body: (function_body) @body) @definition.function
(function_definition name: (identifier) @name) @declaration.function
(modifier_definition name: (identifier) @name body: (function_body) @body) @definition.function
(modifier_definition name: (identifier) @name) @declaration.function
(constructor_definition "constructor" @name body: (function_body) @body) @definition.constructor
(fallback_receive_definition ["receive" "fallback"] @name body: (function_body) @body) @definition.function
(event_definition name: (identifier) @name) @declaration.function
(error_declaration name: (identifier) @name) @definition.type
(user_defined_type_definition name: (identifier) @name) @definition.type
(state_variable_declaration name: (identifier) @name) @definition.field
(constant_variable_declaration name: (identifier) @name) @definition.constant
