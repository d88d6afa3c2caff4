"""The fenced examples of the guides (README.md, docs/*.md) read and run as a reader following a
guide would: the runner of tests/python/test_guides.py, whose docstring has the conventions."""
import ast
import io
import os
import re
import subprocess
import tokenize
from contextlib import redirect_stdout
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from adjutant import Hex

RUNNABLE = {"sh", "console", "python"}
FENCE = re.compile(r"^(\s*)```\s*([\w+-]*)")
NO_RUN = re.compile(r"^<!--\s*no-run:\s*(.*?)\s*-->$")
FILE_BLOCK = re.compile(r"^#\s*([\w.-]+\.(?:py|toml))\s*$")
EXIT = re.compile(r"\bexit (\d+)\b")


@dataclass
class Block:
    guide: str          # the guide's path, relative to the repository
    line: int           # the line of the opening fence
    lang: str
    text: str
    no_run: str = None  # the reason, when marked no-run
    output: str = None  # the output block shown right after it
    follows_blank: bool = False   # only blank lines between the previous block and this one

    @property
    def where(self):
        return f"{self.guide}, line {self.line}"

    @property
    def file_name(self):
        first = self.text.split("\n", 1)[0]
        match = FILE_BLOCK.match(first)
        return match.group(1) if match else None

    @property
    def runs(self):
        return self.lang in RUNNABLE and self.no_run is None


def read_blocks(path, name):
    """The fenced blocks of a guide, each runnable one with the output block shown after it."""
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    blocks, i, last_end = [], 0, -1
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        indent, lang = len(fence.group(1)), fence.group(2)
        before = [line for line in lines[last_end + 1:i] if line.strip()]
        marker = NO_RUN.match(before[-1].strip()) if before else None
        end = i + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        body = "\n".join(line[indent:] for line in lines[i + 1:end])
        blocks.append(Block(name, i + 1, lang, body, marker.group(1) if marker else None,
                            follows_blank=not before))
        last_end, i = end, end + 1
    for previous, block in zip(blocks, blocks[1:]):
        if block.lang == "" and block.follows_blank and previous.lang in RUNNABLE:
            previous.output, block.lang = block.text, "output"
    return blocks


def split_comment(command):
    """(command, comment) of a shell command: the comment starts at a `#` outside quotes after a space."""
    quote = None
    for index, char in enumerate(command):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (index == 0 or command[index - 1].isspace()):
            return command[:index].rstrip(), command[index + 1:].strip()
    return command.rstrip(), ""


def shell_commands(text):
    """The commands of a shell block, continuation lines joined."""
    commands, current = [], ""
    for line in text.split("\n"):
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        commands.append(current + line)
        current = ""
    return [c for c in commands if c.strip() and not c.strip().startswith("#")]


def squeeze(text):
    return re.sub(r" {2,}", " ", text)


def check_output(shown, stdout, stderr, where):
    """Every line of `shown` is in stdout or stderr, in order within each."""
    streams = {"stdout": [squeeze(stdout), 0], "stderr": [squeeze(stderr), 0]}
    for line in shown.split("\n"):
        line = squeeze(line.rstrip())
        if not line or line.strip() == "...":
            continue
        pattern = re.compile("[^\n]*?".join(re.escape(part) for part in re.split(r" ?\.\.\. ?", line)))
        for stream in streams.values():
            found = pattern.search(stream[0], stream[1])
            if found:
                stream[1] = found.end()
                break
        else:
            raise AssertionError(f"{where}: the guide shows the line\n  {line}\nwhich is not in the output "
                                 f"(in order):\n{stdout}{stderr}")


def claimed_value(comment):
    """The Python value a comment begins with, or None: the longest prefix that evaluates."""
    cuts = [len(comment)] + sorted((i for i, c in enumerate(comment) if c in ":,;( "), reverse=True)
    for cut in cuts:
        text = comment[:cut].strip()
        if not text or text == "..." or text.endswith(","):
            continue
        text = re.sub(r",\s*\.\.\.\s*}$", ", '...': ...}", text)     # a dict's other keys
        try:
            return (eval(text, {"__builtins__": {}, "Fraction": Fraction, "Hex": Hex}),)   # the guide's own text
        except Exception:
            continue
    return None


def matches(claim, value):
    if claim is Ellipsis:
        return True
    if isinstance(claim, str) and claim.endswith("..."):
        return isinstance(value, str) and value.startswith(claim[:-3])
    if isinstance(claim, (list, tuple)):
        if not isinstance(value, (list, tuple)):
            return False
        if claim and claim[-1] is Ellipsis:
            claim, value = claim[:-1], value[:len(claim) - 1]
        return len(claim) == len(value) and all(matches(c, v) for c, v in zip(claim, value))
    if isinstance(claim, dict):
        keys = claim.keys() - {"..."}
        return (isinstance(value, dict) and (keys <= value.keys() if "..." in claim else keys == value.keys())
                and all(matches(claim[k], value[k]) for k in keys))
    return claim == value


def is_print(statement):
    call = statement.value
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print"


class GuideRun:
    """A reader working through one guide: the current folder, the shell variables, the Python namespace."""

    def __init__(self, root, env, folder_made=None):
        self.cwd = Path(root)
        self.env = dict(env)
        self.namespace = {"__name__": "__guide__"}
        self.folder_made = folder_made   # (command, folder): a command whose result the session made once

    def run(self, block):
        if block.file_name:
            (self.cwd / block.file_name).write_text(block.text + "\n", encoding="utf-8")
        elif block.lang == "python":
            self.run_python(block)
        else:
            self.run_shell(block)

    def run_shell(self, block):
        stdout = stderr = ""
        for command in shell_commands(block.text):
            command, comment = split_comment(command.strip())
            where = f"{block.where}: {command}"
            if command.startswith("cd "):
                self.cwd = (self.cwd / command[3:].strip()).resolve()
                assert self.cwd.is_dir(), f"{where}: no folder {self.cwd}"
                continue
            variable = re.fullmatch(r"([A-Za-z_]\w*)=(\S*)", command)
            if variable:
                self.env[variable.group(1)] = variable.group(2)
                continue
            if self.folder_made and command == self.folder_made[0] and (self.cwd / self.folder_made[1]).is_dir():
                continue
            expected = int(EXIT.search(comment).group(1)) if EXIT.search(comment) else 0
            done = subprocess.run(command, shell=True, executable="/bin/bash", cwd=self.cwd, env=self.env,
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == expected, (
                f"{where}: exit status {done.returncode}, the guide says {expected}\n{done.stdout}{done.stderr}")
            stdout, stderr = stdout + done.stdout, stderr + done.stderr
        if block.output is not None:
            check_output(block.output, stdout, stderr, block.where)

    def run_python(self, block):
        tree = ast.parse(block.text, block.guide)
        comments = {}
        for token in tokenize.generate_tokens(io.StringIO(block.text).readline):
            if token.type == tokenize.COMMENT:
                comments[token.start[0]] = (token.line.strip().startswith("#"), token.string[1:].strip())
        ast.increment_lineno(tree, block.line)
        printed = io.StringIO()
        here = os.getcwd()
        os.chdir(self.cwd)
        try:
            with redirect_stdout(printed):
                for statement in tree.body:
                    self.run_statement(block, statement, comments)
        finally:
            os.chdir(here)
        if block.output is not None:
            check_output(block.output, printed.getvalue(), "", block.where)

    def run_statement(self, block, statement, comments):
        if not isinstance(statement, ast.Expr) or is_print(statement):
            exec(compile(ast.Module([statement], []), block.guide, "exec"), self.namespace)
            return
        value = eval(compile(ast.Expression(statement.value), block.guide, "eval"), self.namespace)
        end = statement.end_lineno - block.line
        comment = comments.get(end)
        if comment is None or comment[0]:
            below = comments.get(end + 1)
            comment = below if below and below[0] else None
        claim = claimed_value(comment[1]) if comment else None
        if claim is not None:
            assert matches(claim[0], value), (
                f"{block.guide}, line {statement.lineno}: {ast.unparse(statement)} gives {value!r}, "
                f"the guide says {comment[1]}")
