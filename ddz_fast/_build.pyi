from typing import Literal, TypedDict

class _BuildInfo(TypedDict):
    build: Literal["release", "debug", "sanitizer"]
    sanitize: str
    native: bool
    compile_args: list[str]
    link_args: list[str]
    directives: dict[str, bool | int]
    cython: str

def build_info() -> _BuildInfo: ...
