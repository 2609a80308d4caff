; HCL / Terraform: the top-level blocks, named as Terraform addresses them, and the first
; pattern that names a block wins (registry singleName):
;   resource "aws_vpc" "this"  -> resource aws_vpc.this
;   data "aws_ami" "ubuntu"    -> resource data.aws_ami.ubuntu
;   module "vpc"               -> module vpc
;   variable "region"          -> variable region
;   output "vpc_id"            -> output vpc_id
;   any other block            -> section, its type and labels joined by `.` (terraform,
;                                 provider.aws, locals, moved; Packer's source.amazon-ebs.x)
; The attributes of `locals` (kind variable) and top-level attributes (a .tfvars file's
; assignments, kind variable). The body of a block is its body: the signature is its header.
(block . (identifier) @_type . [(string_lit) (identifier)] @name . [(string_lit) (identifier)] @name.2 . (block_start) (body)? @body
  (#eq? @_type "resource")
  (#ancestors? @_type "^block body config_file$")) @definition.resource

(block . (identifier) @name . [(string_lit) (identifier)] @name.2 . [(string_lit) (identifier)] @name.3 . (block_start) (body)? @body
  (#eq? @name "data")
  (#ancestors? @name "^block body config_file$")) @definition.resource

(block . (identifier) @_type . [(string_lit) (identifier)] @name . (block_start) (body)? @body
  (#eq? @_type "module")
  (#ancestors? @_type "^block body config_file$")) @definition.module

(block . (identifier) @_type . [(string_lit) (identifier)] @name . (block_start) (body)? @body
  (#eq? @_type "variable")
  (#ancestors? @_type "^block body config_file$")) @definition.variable

(block . (identifier) @_type . [(string_lit) (identifier)] @name . (block_start) (body)? @body
  (#eq? @_type "output")
  (#ancestors? @_type "^block body config_file$")) @definition.output

(block . (identifier) @name . [(string_lit) (identifier)] @name.2 . [(string_lit) (identifier)] @name.3 . (block_start) (body)? @body
  (#ancestors? @name "^block body config_file$")) @definition.section

(block . (identifier) @name . [(string_lit) (identifier)] @name.2 . (block_start) (body)? @body
  (#ancestors? @name "^block body config_file$")) @definition.section

(block . (identifier) @name . (block_start) (body)? @body
  (#ancestors? @name "^block body config_file$")) @definition.section

(block . (identifier) @_locals
  (body (attribute . (identifier) @name) @definition.variable)
  (#eq? @_locals "locals")
  (#ancestors? @_locals "^block body config_file$"))

(config_file (body (attribute . (identifier) @name) @definition.variable))
