package dev.loadlab.shared;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Folder trees the build copies and clears: JMeter homes and plans, the tools' reports, the kept runs. */
public final class Trees {
    private Trees() {}

    /** Copies every file under {@code from} to the same place under {@code to}; nothing when {@code from} is absent. */
    public static void copy(Path from, Path to) throws IOException {
        copy(from, to, file -> true);
    }

    /** Copies the files under {@code from} that {@code keep} takes (and every folder) to the same place under {@code to}. */
    public static void copy(Path from, Path to, Predicate<Path> keep) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(from)) {
            files = walk.toList();
        }
        for (Path source : files) {
            Path target = to.resolve(from.relativize(source).toString());
            if (Files.isDirectory(source)) {
                Files.createDirectories(target);
            } else if (keep.test(source)) {
                Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Deletes {@code tree} and everything under it; nothing when it is absent. */
    public static void delete(Path tree) throws IOException {
        if (!Files.exists(tree)) {
            return;
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(tree)) {
            files = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : files) {
            Files.delete(p);
        }
    }
}
